import { Button, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications, notificationsStore } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../api-client';
import { changeLanguage } from '../i18n';
import { renderWithProviders, stubFetch } from '../test/render';
import { FormAlert, fieldError, messageKeyOf, useFormFeedback } from '.';

const api = createApiClient({ base: '', token: () => null, signedOut: () => undefined });

const Schema = z.object({ email: z.string().min(1, 'emailEmpty').email('emailError') });
type Values = z.infer<typeof Schema>;

function EmailForm() {
  const form = useForm<Values>({ resolver: zodResolver(Schema), defaultValues: { email: '' } });
  const feedback = useFormFeedback(form, {
    order: ['email'],
    fieldMessages: { emailTaken: 'email' },
  });
  const save = useMutation({
    mutationFn: (values: Values) => api.post<{ message: string }>('/api/saveEmail', values),
    onSuccess: ({ message }) => feedback.onSuccess(message),
    onError: feedback.onError,
  });
  return (
    <form
      noValidate
      aria-label="E-mail form"
      aria-describedby={feedback.alert.message ? feedback.alert.id : undefined}
      onSubmit={feedback.submit((values) => save.mutate(values))}
    >
      <FormAlert {...feedback.alert} />
      <TextInput
        label="E-mail"
        {...form.register('email')}
        error={fieldError(form.formState.errors.email)}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

/** The toasts on screen or waiting, as `color:text`. */
const toasts = () => {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue].map((n) => `${n.color}:${String(n.message)}`);
};

let answer: { status: number; body: unknown };
beforeEach(async () => {
  await changeLanguage('en');
  notifications.clean();
  stubFetch(() => answer);
});

const email = () => screen.getByLabelText('E-mail');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('useFormFeedback (issue #19: feedback where the parent is looking)', () => {
  it('shows a validation error at its field, described by it, and the first one as a toast', async () => {
    renderWithProviders(<EmailForm />);
    save();
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Please enter your email.'));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(toasts()).toEqual(['yellow:Please enter your email.']));
  });

  it('puts a server message about a field at that field, and keeps one toast per form', async () => {
    renderWithProviders(<EmailForm />);
    save();
    await waitFor(() => expect(toasts()).toHaveLength(1));

    answer = {
      status: 409,
      body: { code: 409, msg: 'This e-mail is already used by another account.', data: null },
    };
    fireEvent.change(email(), { target: { value: 'li@school.cn' } });
    save();
    await waitFor(() =>
      expect(email()).toHaveAccessibleDescription(
        'This e-mail is already used by another account.',
      ),
    );
    await waitFor(() =>
      expect(toasts()).toEqual(['yellow:This e-mail is already used by another account.']),
    );

    answer = { status: 429, body: { code: 429, msg: 'Too many requests.', data: null } };
    save();
    // A message about no single field: in the form's alert, which the form points at.
    const alert = await screen.findByRole('status');
    expect(alert).toHaveTextContent('Too many requests.');
    expect(screen.getByRole('form', { name: 'E-mail form' })).toHaveAccessibleDescription(
      'Too many requests.',
    );
    await waitFor(() => expect(toasts()).toEqual(['yellow:Too many requests.']));
  });

  it('clears the warning (toast, alert, field) when the form succeeds', async () => {
    renderWithProviders(<EmailForm />);
    answer = { status: 429, body: { code: 429, msg: 'Too many requests.', data: null } };
    fireEvent.change(email(), { target: { value: 'li@school.cn' } });
    save();
    await screen.findByRole('status');
    await waitFor(() => expect(toasts()).toEqual(['yellow:Too many requests.']));

    answer = { status: 200, body: { code: 200, msg: 'ok', data: { message: 'Saved.' } } };
    save();
    await waitFor(() => expect(toasts()).toEqual(['green:Saved.']));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says in the form that the server could not be reached (no toast, spec §8)', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      renderWithProviders(<EmailForm />);
      fireEvent.change(email(), { target: { value: 'li@school.cn' } });
      save();
      expect(await screen.findByRole('status')).toHaveTextContent(/could not be reached/);
      expect(toasts()).toEqual([]);
    } finally {
      console.warn = warn;
    }
  });
});

describe('messageKeyOf', () => {
  it.each([
    ['This e-mail is already used by another account.', ['emailTaken'], 'emailTaken'],
    ['该邮箱已被其他账户使用。', ['emailTaken'], 'emailTaken'],
    ['This e-mail is already used by another account.', ['emailError'], undefined],
    ['Something else', ['emailTaken', 'emailError'], undefined],
    ['Please enter your email.', ['notAKey', 'emailEmpty'], 'emailEmpty'],
  ])('%s among %j → %s', (msg, keys, expected) => {
    expect(messageKeyOf(msg, keys)).toBe(expected);
  });
});
