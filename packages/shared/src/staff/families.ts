import { z } from 'zod';
import { DB_ID_MAX, optionalIsoDate } from '../api';
import { EmailSchema } from '../auth/email';
import { ChildFieldsSchema, MAX_CHILDREN } from '../children';
import { ParentNameSchema } from '../onboarding/onboarding';
import { ReminderDeliverySchema } from '../reminders';
import { OpsPageQuerySchema } from './accounts';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './audit';

/**
 * The console's families, credit corrections and audit log (issue #21): the wire shapes of
 * `/api/ops/advisers`, `/api/ops/families*`, `/api/ops/audit` and `/api/ops/staff-options`, used
 * by the server's routes, the console's screens and the tests. Messages are keys of
 * `families-messages.ts` (and the parents' own keys where an edit goes through their rules).
 * Times are ISO strings; phone numbers are masked (`+86 138****8000`) except in reveal-phone.
 */

/** A text in both languages (course names, ledger titles, plan names). */
export const BilingualTextSchema = z.object({ en: z.string(), zh: z.string() });
export type BilingualText = z.infer<typeof BilingualTextSchema>;

/** A list answer: one page of items and the total count. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/** The most a search box may hold. */
export const FAMILY_SEARCH_MAX_LENGTH = 100;
/** A correction's note: required when the reason is `other`. */
export const CORRECTION_NOTE_MAX_LENGTH = 200;
/** The biggest single correction anyone (an admin) may type; advisers have a lower limit. */
export const CORRECTION_DELTA_MAX = 10_000;

/**
 * A phone number as staff screens show it: calling code, the first three and the last four
 * digits (`+86 138****8000`); short numbers keep only the last two.
 */
export function maskPhoneForStaff(countryCode: string, mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length < 8) {
    return `+${countryCode} ${'*'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
  }
  return `+${countryCode} ${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** An e-mail address as the message log shows it: `p***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

// ---------------------------------------------------------------------------------------------
// Ids in URLs

/** A family is its parent's `user_sn`. */
export const FamilyParamsSchema = z.object({
  userSn: z.string({ error: 'notFound' }).trim().min(1, 'notFound').max(40, 'notFound'),
});
export type FamilyParams = z.infer<typeof FamilyParamsSchema>;

/** A child of a family: its `student_sn`. */
export const FamilyChildParamsSchema = FamilyParamsSchema.extend({
  studentSn: z.string({ error: 'notFound' }).trim().min(1, 'notFound').max(40, 'notFound'),
});
export type FamilyChildParams = z.infer<typeof FamilyChildParamsSchema>;

// ---------------------------------------------------------------------------------------------
// Advisers

export const AdviserRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type AdviserRef = z.infer<typeof AdviserRefSchema>;

/** GET /api/ops/advisers (`families.read`). */
export const AdviserListSchema = listOf(AdviserRefSchema);
export type AdviserList = z.infer<typeof AdviserListSchema>;

// ---------------------------------------------------------------------------------------------
// Avatars

/** An avatar a child may have: the parents' own choices (the children module's list). */
export const AvatarOptionSchema = z.object({
  id: z.number().int(),
  /** The image's URL (or path, e.g. `/img/avatars/avatar-1.svg`). */
  url: z.string(),
});
export type AvatarOption = z.infer<typeof AvatarOptionSchema>;

/** GET /api/ops/avatars (`families.read`): every choice, in the parents' order. */
export const AvatarOptionListSchema = listOf(AvatarOptionSchema);
export type AvatarOptionList = z.infer<typeof AvatarOptionListSchema>;

// ---------------------------------------------------------------------------------------------
// Search

export const FAMILY_SORTS = ['registeredAt', 'name', 'availableCredits'] as const;
export type FamilySort = (typeof FAMILY_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** An optional query value that an empty string leaves out (forms send `?member=`). */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(values, { error: message })
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * GET /api/ops/families (`families.read`): `q` matches part of the phone (with or without the
 * calling code), e-mail, name, user_sn or a child's nickname; filters, sort and paging in SQL.
 */
export const FamilySearchQuerySchema = OpsPageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(FAMILY_SEARCH_MAX_LENGTH, 'familiesSearchTooLong')
    .optional()
    .transform((value) => (value ? value : undefined)),
  registeredFrom: optionalIsoDate('familiesDateInvalid'),
  registeredTo: optionalIsoDate('familiesDateInvalid'),
  member: optionalEnum(['yes', 'no'], 'invalidRequest'),
  onboarding: optionalEnum(['done', 'pending'], 'invalidRequest'),
  adviserId: z
    .union([
      z.literal('').transform(() => undefined),
      z.coerce
        .number({ error: 'familiesAdviserUnknown' })
        .int('familiesAdviserUnknown')
        .positive('familiesAdviserUnknown')
        .max(DB_ID_MAX, 'familiesAdviserUnknown'),
    ])
    .optional(),
  sort: z.enum(FAMILY_SORTS, { error: 'invalidRequest' }).default('registeredAt'),
  order: z.enum(SORT_ORDERS, { error: 'invalidRequest' }).default('desc'),
}).refine(
  (query) =>
    !query.registeredFrom || !query.registeredTo || query.registeredFrom <= query.registeredTo,
  { message: 'familiesDateRangeInvalid', path: ['registeredTo'] },
);
export type FamilySearchQuery = z.infer<typeof FamilySearchQuerySchema>;
export type FamilySearchQueryInput = z.input<typeof FamilySearchQuerySchema>;

/** The parent as both the search and the family's page show them. */
const ParentBaseSchema = z.object({
  userSn: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneMasked: z.string(),
  registeredAt: z.string(),
  /** The parent finished the onboarding form. */
  onboarded: z.boolean(),
});

export const FamilySummarySchema = ParentBaseSchema.extend({
  /** A membership plan active now. */
  member: z.boolean(),
  adviser: AdviserRefSchema.nullable(),
  /** How many children the family has. */
  children: z.number().int(),
  /** paid + reward − reserved. */
  availableCredits: z.number().int(),
});
export type FamilySummary = z.infer<typeof FamilySummarySchema>;

export const FamilyListSchema = listOf(FamilySummarySchema);
export type FamilyList = z.infer<typeof FamilyListSchema>;

// ---------------------------------------------------------------------------------------------
// A family's page

export const FamilyParentSchema = ParentBaseSchema.extend({
  /** The parent's language (`en` / `zh_CN`); null until they chose one. */
  language: z.string().nullable(),
  /** The parent's IANA zone; null until their browser sent one. */
  timeZone: z.string().nullable(),
  adviser: AdviserRefSchema.nullable(),
  /** How many children the parent may add alone. */
  childLimit: z.number().int(),
  /** The cap no limit may pass (6). */
  childLimitMax: z.number().int(),
});
export type FamilyParent = z.infer<typeof FamilyParentSchema>;

export const FamilyChildSchema = z.object({
  studentSn: z.string(),
  nickname: z.string(),
  /** YYYY-MM-DD, or null when not given. */
  birthday: z.string().nullable(),
  age: z.number().int().nullable(),
  /** The avatar's image URL (or path); null without one. */
  avatar: z.string().nullable(),
  /** The avatar option's id (the edit form preselects it). */
  avatarId: z.number().int().nullable(),
});
export type FamilyChild = z.infer<typeof FamilyChildSchema>;

export const FamilyPlanSchema = z.object({
  name: BilingualTextSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  autoRenew: z.boolean(),
});
export type FamilyPlan = z.infer<typeof FamilyPlanSchema>;

export const CreditBalanceSchema = z.object({
  paid: z.number().int(),
  reward: z.number().int(),
  reserved: z.number().int(),
  /** paid + reward − reserved. */
  available: z.number().int(),
});
export type CreditBalance = z.infer<typeof CreditBalanceSchema>;

/**
 * A lesson's state as staff see it: `upcoming` (not started), `in-progress`, `done` (ended, the
 * child entered), `no-show` (ended, the child never entered), `on-leave` (the parent asked for
 * leave), `cancelled` (by the school).
 */
export const FAMILY_LESSON_STATUSES = [
  'upcoming',
  'in-progress',
  'done',
  'no-show',
  'on-leave',
  'cancelled',
] as const;
export type FamilyLessonStatus = (typeof FAMILY_LESSON_STATUSES)[number];

export const FamilyLessonSchema = z.object({
  /** The lesson's public id (`lesson_sn`). */
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Subject and level, e.g. "Reading · Level 2". */
  course: BilingualTextSchema,
  /** The child's nickname. */
  child: z.string(),
  status: z.enum(FAMILY_LESSON_STATUSES),
});
export type FamilyLesson = z.infer<typeof FamilyLessonSchema>;

export const FamilyOrderSchema = z.object({
  orderNo: z.string(),
  createdAt: z.string(),
  title: BilingualTextSchema,
  /** Minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled', 'expired', 'refunded']),
});
export type FamilyOrder = z.infer<typeof FamilyOrderSchema>;

export const FamilySessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type FamilySession = z.infer<typeof FamilySessionSchema>;

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export const MESSAGE_STATUSES = ['sent', 'failed', 'delivered'] as const;

export const FamilyMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** `+86 138****8000` or `p***@example.com`. */
  recipientMasked: z.string(),
  /** What it was: `sign-in-code`, `password-reset`, … (the console translates it). */
  kind: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
});
export type FamilyMessage = z.infer<typeof FamilyMessageSchema>;

/** GET /api/ops/families/:userSn (`families.read`; recorded as `family.viewed`). */
export const FamilyDetailSchema = z.object({
  parent: FamilyParentSchema,
  children: z.array(FamilyChildSchema),
  plan: FamilyPlanSchema.nullable(),
  credits: CreditBalanceSchema,
  /** The next lessons, soonest first. */
  upcomingLessons: z.array(FamilyLessonSchema),
  /** The latest past lessons, newest first. */
  pastLessons: z.array(FamilyLessonSchema),
  /** The latest orders, newest first. */
  orders: z.array(FamilyOrderSchema),
  /** The parent's live sessions. */
  sessions: z.array(FamilySessionSchema),
  /** The latest SMS and e-mails sent to the parent, newest first. */
  messages: z.array(FamilyMessageSchema),
  /** The parent's lesson reminders of the last 30 days, newest first, at most 50 (issue #24). */
  reminders: z.array(ReminderDeliverySchema),
});
export type FamilyDetail = z.infer<typeof FamilyDetailSchema>;

/** GET /api/ops/families/:userSn/ledger (`families.read`), newest first. */
export const FamilyLedgerQuerySchema = OpsPageQuerySchema;
export const LedgerItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The ledger's event type (`purchase`, `consume`, `staff_correction`, …). */
  event: z.string(),
  title: BilingualTextSchema,
  paid: z.number().int(),
  reward: z.number().int(),
  reserved: z.number().int(),
});
export type LedgerItem = z.infer<typeof LedgerItemSchema>;
export const LedgerListSchema = listOf(LedgerItemSchema);
export type LedgerList = z.infer<typeof LedgerListSchema>;

/** POST /api/ops/families/:userSn/reveal-phone (`families.read`; audited). */
export const RevealPhoneAnswerSchema = z.object({ phone: z.string() });
export type RevealPhoneAnswer = z.infer<typeof RevealPhoneAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Edits (`families.write`): the parents' own rules and messages

/** The lowest child limit staff may set (the cap is the product's MAX_CHILDREN, 6). */
export const CHILD_LIMIT_MIN = 1;

/**
 * POST /api/ops/families/:userSn: at least one field. The name and e-mail rules and messages are
 * the parents' own (onboarding's name, the profile's e-mail); the e-mail's uniqueness is checked
 * by the same service the parents' screen calls.
 */
export const UpdateFamilyBodySchema = z
  .object({
    name: ParentNameSchema.optional(),
    email: EmailSchema.optional(),
    /** null removes the adviser. */
    adviserId: z
      .number({ error: 'familiesAdviserUnknown' })
      .int('familiesAdviserUnknown')
      .positive('familiesAdviserUnknown')
      .max(DB_ID_MAX, 'familiesAdviserUnknown')
      .nullable()
      .optional(),
    /** How many children the parent may add alone, 1 to 6. */
    childLimit: z
      .number({ error: 'familiesChildLimitInvalid' })
      .int('familiesChildLimitInvalid')
      .min(CHILD_LIMIT_MIN, 'familiesChildLimitInvalid')
      .max(MAX_CHILDREN, 'familiesChildLimitInvalid')
      .optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'familiesNothingToChange',
  });
export type UpdateFamilyBody = z.infer<typeof UpdateFamilyBodySchema>;
export type UpdateFamilyBodyInput = z.input<typeof UpdateFamilyBodySchema>;

/**
 * POST /api/ops/families/:userSn/children/:studentSn: at least one field, with the parents' rules
 * and messages (nickname and avatar from the child form's schema; the birthday is checked by the
 * children service: a real day before today on the parent's calendar).
 */
export const UpdateFamilyChildBodySchema = z
  .object({
    nickname: ChildFieldsSchema.shape.nickname.optional(),
    /** YYYY-MM-DD. */
    birthday: z.string({ error: 'selectBirthday' }).trim().optional(),
    /** The avatar option's id. */
    avatar: z
      .number({ error: 'selectAvatar' })
      .int('selectAvatar')
      .positive('selectAvatar')
      .max(DB_ID_MAX, 'selectAvatar')
      .optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'familiesNothingToChange',
  });
export type UpdateFamilyChildBody = z.infer<typeof UpdateFamilyChildBodySchema>;
export type UpdateFamilyChildBodyInput = z.input<typeof UpdateFamilyChildBodySchema>;

// ---------------------------------------------------------------------------------------------
// Credit corrections (`credits.correct`)

export const CORRECTION_REASONS = ['goodwill', 'correction', 'lesson-problem', 'other'] as const;
export type CorrectionReason = (typeof CORRECTION_REASONS)[number];

/**
 * POST /api/ops/families/:userSn/credits: grants go to reward credits; removals take reward first,
 * then paid, and never leave the available balance below 0. The idempotency key (a UUID made
 * once per opened form) makes a resent form one correction.
 */
export const CreditCorrectionBodySchema = z
  .object({
    delta: z
      .number({ error: 'correctionDeltaInvalid' })
      .int('correctionDeltaInvalid')
      .min(-CORRECTION_DELTA_MAX, 'correctionDeltaInvalid')
      .max(CORRECTION_DELTA_MAX, 'correctionDeltaInvalid')
      .refine((delta) => delta !== 0, { message: 'correctionDeltaInvalid' }),
    reason: z.enum(CORRECTION_REASONS, { error: 'correctionReasonInvalid' }),
    note: z
      .string({ error: 'correctionNoteTooLong' })
      .trim()
      .max(CORRECTION_NOTE_MAX_LENGTH, 'correctionNoteTooLong')
      .default(''),
    idempotencyKey: z.uuid({ error: 'correctionKeyInvalid' }),
  })
  .refine((body) => body.reason !== 'other' || body.note.length > 0, {
    message: 'correctionNoteRequired',
    path: ['note'],
  });
export type CreditCorrectionBody = z.infer<typeof CreditCorrectionBodySchema>;
export type CreditCorrectionBodyInput = z.input<typeof CreditCorrectionBodySchema>;

export const CreditCorrectionAnswerSchema = z.object({ credits: CreditBalanceSchema });
export type CreditCorrectionAnswer = z.infer<typeof CreditCorrectionAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log (`audit.read`)

/** GET /api/ops/audit and GET /api/ops/families/:userSn/audit (the latter without `userSn`). */
export const AuditQuerySchema = OpsPageQuerySchema.extend({
  staffId: z
    .union([
      z.literal('').transform(() => undefined),
      z.coerce.number({ error: 'invalidRequest' }).int().positive().max(DB_ID_MAX),
    ])
    .optional(),
  action: optionalEnum(AUDIT_ACTIONS, 'invalidRequest'),
  targetType: optionalEnum(AUDIT_TARGETS, 'invalidRequest'),
  targetId: z
    .string()
    .trim()
    .max(100, 'invalidRequest')
    .optional()
    .transform((value) => (value ? value : undefined)),
  userSn: z
    .string()
    .trim()
    .max(40, 'invalidRequest')
    .optional()
    .transform((value) => (value ? value : undefined)),
  from: optionalIsoDate('familiesDateInvalid'),
  to: optionalIsoDate('familiesDateInvalid'),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  message: 'familiesDateRangeInvalid',
  path: ['to'],
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export type AuditQueryInput = z.input<typeof AuditQuerySchema>;

export const StaffRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type StaffRef = z.infer<typeof StaffRefSchema>;

export const AuditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: StaffRefSchema.nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  family: z.object({ userSn: z.string(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;
export const AuditListSchema = listOf(AuditItemSchema);
export type AuditList = z.infer<typeof AuditListSchema>;

/** GET /api/ops/staff-options (`audit.read`): every member, for the audit filter. */
export const StaffOptionsSchema = z.object({ items: z.array(StaffRefSchema) });
export type StaffOptions = z.infer<typeof StaffOptionsSchema>;
