import type {
  AuditItem,
  FamilyChild as FamilyChildWire,
  FamilyDetail as FamilyDetailWire,
  FamilyParent as FamilyParentWire,
  FamilySummary as FamilySummaryWire,
  LedgerItem,
} from '@portal/shared/staff';
import type {
  AuditTrailItem,
  FamilyChild,
  FamilyDetail,
  FamilyLesson,
  FamilyParent,
  FamilySummary,
} from '../../modules/families/families.service';
import type { Language } from '@portal/shared/i18n';
import { reminderDeliveryWire } from '../../modules/reminders/reminders.wire';

/** The console's families and audit wire shapes (packages/shared/src/staff/families.ts): ISO times. */
const iso = (date: Date) => date.toISOString();

export const familySummaryWire = (family: FamilySummary): FamilySummaryWire => ({
  ...family,
  registeredAt: iso(family.registeredAt),
});

export const familyParentWire = (parent: FamilyParent): FamilyParentWire => ({
  ...parent,
  registeredAt: iso(parent.registeredAt),
});

export const familyChildWire = (child: FamilyChild): FamilyChildWire => ({ ...child });

const lessonWire = (lesson: FamilyLesson) => ({
  ...lesson,
  startsAt: iso(lesson.startsAt),
  endsAt: iso(lesson.endsAt),
});

/** `lang`: the reminders' course title is the staff member's language's. */
export function familyDetailWire(family: FamilyDetail, lang: Language = 'en'): FamilyDetailWire {
  return {
    parent: familyParentWire(family.parent),
    children: family.children.map(familyChildWire),
    plan: family.plan
      ? {
          ...family.plan,
          startsAt: iso(family.plan.startsAt),
          endsAt: iso(family.plan.endsAt),
        }
      : null,
    credits: family.credits,
    upcomingLessons: family.upcomingLessons.map(lessonWire),
    pastLessons: family.pastLessons.map(lessonWire),
    orders: family.orders.map((order) => ({ ...order, createdAt: iso(order.createdAt) })),
    sessions: family.sessions.map((session) => ({
      id: session.id,
      createdAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
      expiresAt: iso(session.expiresAt),
    })),
    messages: family.messages.map((message) => ({
      ...message,
      createdAt: iso(message.createdAt),
    })),
    reminders: family.reminders.map((reminder) => reminderDeliveryWire(reminder, lang)),
  };
}

export const ledgerItemWire = (item: Omit<LedgerItem, 'at'> & { at: Date }): LedgerItem => ({
  ...item,
  at: iso(item.at),
});

export const auditItemWire = (item: AuditTrailItem): AuditItem => ({ ...item, at: iso(item.at) });
