import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ReferralCodeField } from './referral-code-field';

function Harness() {
  const [value, setValue] = useState('');
  const [verified, setVerified] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <ReferralCodeField
        value={value}
        onChange={setValue}
        verified={verified}
        onVerifiedChange={setVerified}
        error={error}
        onWarn={setError}
        onNote={() => setError(null)}
      />
      <output data-testid="verified">{verified ?? 'none'}</output>
    </>
  );
}

let calls: { url: string; init?: RequestInit }[];
beforeEach(async () => {
  await changeLanguage('en');
  calls = stubFetch((_url, init) => {
    const { code } = JSON.parse(String(init?.body)) as { code: string };
    return { body: { code: 200, msg: 'ok', data: { result: code === 'ADV2026' } } };
  });
});

describe('referral code (spec §4, §5)', () => {
  it('asks for a code before calling the server', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter your referral code.')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('shows the failure message and applies nothing when the server says no', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText(/Referral code/), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Recommendation code verification failed.')).toBeVisible();
    expect(screen.getByTestId('verified')).toHaveTextContent('none');
    // At the field, not only in a toast that vanishes (issue #19).
    expect(screen.getByLabelText(/Referral code/)).toHaveAccessibleDescription(
      /Recommendation code verification failed\./,
    );
  });

  it('locks a verified code, and clears it', async () => {
    renderWithProviders(<Harness />);
    const input = screen.getByLabelText(/Referral code/);
    fireEvent.change(input, { target: { value: ' ADV2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('verified')).toHaveTextContent('ADV2026'));
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ code: 'ADV2026' });
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByText('✓ Verified')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('verified')).toHaveTextContent('none');
    expect(input).toHaveValue('');
    expect(input).not.toHaveAttribute('readonly');
  });
});
