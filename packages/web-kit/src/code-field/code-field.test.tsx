import { act, fireEvent, screen } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { CodeField, useCountdown } from '.';

function Harness({ onSend }: { onSend: () => void }) {
  const form = useForm({ defaultValues: { code: '' } });
  const countdown = useCountdown(60);
  const send = useMutation({
    mutationFn: async () => onSend(),
    onSuccess: () => countdown.start(),
  });
  return (
    <CodeField
      ns="auth"
      input={form.register('code')}
      countdown={countdown}
      onSend={() => send.mutate()}
      sending={send.isPending}
    />
  );
}

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CodeField (spec §4: resend after 60 s)', () => {
  it('sends, then counts down before the code may be sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSend = vi.fn();
    renderWithProviders(<Harness onSend={onSend} />);
    expect(screen.getByPlaceholderText('6-digit code')).toHaveAttribute('maxlength', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(resend).toBeDisabled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });
});
