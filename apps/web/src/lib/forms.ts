import type { FieldErrors, FieldValues } from 'react-hook-form';
import { messageText } from './i18n';
import { notify } from './notify';

/**
 * Spec §8: when a form fails, the first field's message shows as a toast. Field order is the
 * form's order; messages are the shared catalogue keys the schemas use.
 */
export function toastFirstError<T extends FieldValues>(order: (keyof T & string)[]) {
  return (errors: FieldErrors<T>) => {
    for (const field of order) {
      const message = errors[field]?.message;
      if (typeof message === 'string') {
        notify('yellow', messageText(message));
        return;
      }
    }
  };
}

/** Inline text for a field error whose message is a catalogue key. */
export function fieldError(error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === 'string' ? messageText(error.message) : undefined;
}
