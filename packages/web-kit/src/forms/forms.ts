import type { FieldErrors, FieldValues } from 'react-hook-form';
import { messageText } from '../i18n';
import { notify } from '../notify';

/**
 * Spec §8: when a form fails, the first field's message shows as a toast. Field order is the
 * form's order; messages are the shared catalogue keys the schemas use. Prefer `useFormFeedback`
 * (form-feedback.ts), which also keeps one toast per form and clears it on success.
 */
export function toastFirstError<T extends FieldValues>(order: (keyof T & string)[]) {
  return (errors: FieldErrors<T>) => {
    const message = firstMessage(errors, order);
    if (message) notify('yellow', messageText(message));
  };
}

/** Inline text for a field error whose message is a catalogue key (or a server's text). */
export function fieldError(error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === 'string' ? messageText(error.message) : undefined;
}

/** The message of the first field of `order` that has an error. */
export function firstMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly string[],
): string | undefined {
  for (const field of order) {
    const message = (errors as Record<string, { message?: unknown } | undefined>)[field]?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
