import type { Language } from '@portal/shared/i18n';
import type { ReminderDelivery } from '@portal/shared/reminders';
import type { ReminderDeliveryView } from './reminders.service';

/**
 * One delivery on the wire (ISO times, the course title in the reader's language): the same
 * shape for the parent's profile and the console's family page, which are separate edges.
 */
export function reminderDeliveryWire(view: ReminderDeliveryView, lang: Language): ReminderDelivery {
  return {
    id: view.id,
    kind: view.kind,
    channel: view.channel,
    state: view.state,
    attempts: view.attempts,
    reason: view.reason,
    starts_at: view.startsAt.toISOString(),
    student_nickname: view.nickname,
    course_title: lang === 'zh_CN' ? view.course.zh : view.course.en,
    lesson_number: view.lessonNumber,
    updated_at: view.updatedAt.toISOString(),
    sent_at: view.sentAt?.toISOString() ?? null,
  };
}
