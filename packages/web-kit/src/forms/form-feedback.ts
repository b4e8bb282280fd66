import { useId, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { LANGUAGES, MESSAGES, isMessageKey, type MessageKey } from '@portal/shared/i18n';
import { ApiError } from '../api-client';
import { firstMessage } from './forms';
import { i18n, messageText } from '../i18n';
import { dismiss, notify } from '../notify';

// Its own module, not forms.ts: a screen that only needs fieldError does not carry this
// (docs/decisions/028).

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when `msg` is the catalogue text of `key` in either language, placeholders filled or not. */
function isTextOf(key: MessageKey, msg: string): boolean {
  return LANGUAGES.some((language) => {
    const template = MESSAGES[language][key];
    if (template === msg) return true;
    if (!template.includes('{')) return false;
    const pattern = template
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('.+?');
    return new RegExp(`^${pattern}$`).test(msg);
  });
}

/**
 * The catalogue key among `keys` whose text the server answered (`msg` is translated on the
 * server with the same catalogue, packages/shared/i18n), or undefined.
 */
export function messageKeyOf(msg: string, keys: readonly string[]): MessageKey | undefined {
  return keys.find((key): key is MessageKey => isMessageKey(key) && isTextOf(key, msg));
}

export interface FormFeedbackOptions<T extends FieldValues> {
  /** The form's fields in screen order: the first invalid one's message is the toast (spec §8). */
  order: Path<T>[];
  /**
   * Server messages (catalogue keys) that concern one field, e.g. `{ emailTaken: 'email' }`: such
   * an answer is shown under that field (and focuses it) instead of in the form's alert.
   */
  fieldMessages?: Partial<Record<MessageKey, Path<T>>>;
}

export interface FormFeedback<T extends FieldValues> {
  /** `onSubmit` of the `<form>`: clears the last message, validates, then runs `onValid`. */
  submit: (onValid: (values: T) => unknown) => (event?: FormEvent) => Promise<void>;
  /** For `form.handleSubmit(onValid, onInvalid)` when `submit` does not fit. */
  onInvalid: (errors: FieldErrors<T>) => void;
  /** A mutation's `onError`: the message goes to its field, or to the form's alert. */
  onError: (error: unknown) => void;
  /** A mutation's `onSuccess`: clears the form's warning (toast and alert); `message` is toasted. */
  onSuccess: (message?: string) => void;
  /**
   * A refusal decided in the browser (e.g. an unverified code), toasted and shown at `at`: a
   * field of the form, a setter for a field the form does not hold, or (without it) the alert.
   */
  warn: (message: string, at?: Path<T> | ((message: string) => void)) => void;
  /** A good note that is not the form's success (e.g. a code verified): the form's toast. */
  note: (message: string) => void;
  /** Spread on `<FormAlert>` (form-alert.tsx): the message that concerns no field. */
  alert: { id: string; message: string | null };
}

/**
 * Feedback of one form where the parent is looking (issue #19, decision 033): each field's error
 * under the field (Mantine links it with `aria-describedby`), a message that concerns no field in
 * the form's own alert (`aria-live`), and the spec's toast (§8) — one at a time per form, the
 * next replacing the last, cleared on success. Use it in every form:
 *
 * ```tsx
 * const form = useForm<Values>({ resolver: zodResolver(Schema) });
 * const feedback = useFormFeedback(form, { order: ['email'], fieldMessages: { emailTaken: 'email' } });
 * const save = useMutation({
 *   mutationFn: api.saveEmail,
 *   onSuccess: ({ message }) => feedback.onSuccess(message),
 *   onError: feedback.onError,
 * });
 * <form noValidate onSubmit={feedback.submit((values) => save.mutate(values))}>
 *   <FormAlert {...feedback.alert} />
 *   <TextInput {...form.register('email')} error={fieldError(form.formState.errors.email)} />
 * ```
 *
 * Requests may stay non-silent: the client's toast for a refused request becomes the form's toast.
 */
export function useFormFeedback<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'handleSubmit' | 'setError' | 'clearErrors'>,
  { order, fieldMessages = {} }: FormFeedbackOptions<T>,
): FormFeedback<T> {
  const alertId = useId();
  const [message, setMessage] = useState<string | null>(null);
  // The form's one toast: the next message replaces it, success takes it away.
  const toast = useRef<string | null>(null);

  const toastWarning = (text: string) => {
    toast.current = notify('yellow', text, { replaces: toast.current });
  };

  const onInvalid = (errors: FieldErrors<T>) => {
    setMessage(null);
    const first = firstMessage(errors, order);
    if (first) toastWarning(messageText(first));
  };

  const warn = (text: string, at?: Path<T> | ((message: string) => void)) => {
    if (typeof at === 'function') at(text);
    else if (at) form.setError(at, { type: 'manual', message: text }, { shouldFocus: true });
    else setMessage(text);
    toastWarning(text);
  };

  const note = (text: string) => {
    toast.current = notify('green', text, { replaces: toast.current });
  };

  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setMessage(i18n.t('formFailed'));
      return;
    }
    if (error.httpStatus === 0) {
      // Spec §8: network errors get no toast; the form still says why nothing happened.
      dismiss(toast.current);
      toast.current = null;
      setMessage(i18n.t('networkError'));
      return;
    }
    // A 10001 or 401 answer leaves for sign-in (the app's `signedOut`, api-client): nothing to show here.
    if (error.httpStatus === 401) return;
    const key = messageKeyOf(error.msg, Object.keys(fieldMessages));
    const field = key ? fieldMessages[key] : undefined;
    if (field) form.setError(field, { type: 'server', message: error.msg }, { shouldFocus: true });
    else setMessage(error.msg);
    if (error.toastId) {
      // The client already showed the spec's toast: it becomes this form's one toast.
      if (toast.current !== error.toastId) dismiss(toast.current);
      toast.current = error.toastId;
    } else if (error.msg) {
      toastWarning(error.msg);
    }
  };

  const onSuccess = (text?: string) => {
    setMessage(null);
    form.clearErrors();
    if (text) toast.current = notify('green', text, { replaces: toast.current });
    else {
      dismiss(toast.current);
      toast.current = null;
    }
  };

  const submit = (onValid: (values: T) => unknown) => async (event?: FormEvent) => {
    setMessage(null);
    await form.handleSubmit(async (values) => {
      await onValid(values);
    }, onInvalid)(event);
  };

  return { submit, onInvalid, onError, onSuccess, warn, note, alert: { id: alertId, message } };
}
