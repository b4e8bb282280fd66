import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { membership } from '../testing/fixtures';
import { FamilyPlan } from './family-plan';

const BASE = '/api/ops/families/U100001/membership';
const open = (role: 'admin' | 'adviser' = 'admin') =>
  renderWithProviders(<FamilyPlan userSn="U100001" />, { me: memberOf(role) });

const preview = (refund = 20_316) =>
  ok({
    endsAt: '2026-04-05T00:00:00.000Z',
    now: '2026-03-18T00:00:00.000Z',
    refund,
    currency: 'USD',
    unusedDays: 18,
    periodDays: 31,
  });

beforeEach(async () => {
  await changeLanguage('en');
});

describe("a family's plan", () => {
  it('shows the plan and whether it renews; an adviser cannot cancel', async () => {
    stubFetch(() => ok({ membership: membership() }));
    open('adviser');
    expect(await screen.findByText('Family plan')).toBeInTheDocument();
    expect(screen.getByText('$349.00 a month, 2 children')).toBeInTheDocument();
    expect(screen.getByText('Renews')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order O2026010500001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel…' })).not.toBeInTheDocument();
  });

  it('says when there is no plan', async () => {
    stubFetch(() => ok({ membership: null }));
    open();
    expect(await screen.findByText('No plan running.')).toBeInTheDocument();
  });

  it('cancels at the end of the period', async () => {
    const user = userEvent.setup();
    const cancelled = membership({ cancelAtPeriodEnd: true, renews: false });
    let posted = false;
    const calls = stubFetch((url, init) => {
      if (init?.method === 'POST') {
        posted = true;
        return ok({ membership: cancelled });
      }
      if (url.startsWith(`${BASE}/cancel-preview`)) return preview();
      return ok({ membership: posted ? cancelled : membership() });
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the plan' });
    expect(within(dialog).getByRole('radio', { name: 'At the end of the period' })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moving');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(post.url).toBe(`${BASE}/cancel`);
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      mode: 'period-end',
      reason: 'Moving',
    });
    expect(await screen.findByText(/Cancelled: ends on/)).toBeInTheDocument();
  });

  it('cancels now with the previewed refund, and shows the new figure when it moved', async () => {
    const user = userEvent.setup();
    let previews = 0;
    const calls = stubFetch((url, init) => {
      if (init?.method === 'POST')
        return {
          status: 409,
          body: { code: 409, msg: 'The refund has changed.', data: null },
        };
      if (url.startsWith(`${BASE}/cancel-preview`)) {
        previews += 1;
        return preview(previews === 1 ? 20_316 : 19_187);
      }
      return ok({ membership: membership() });
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the plan' });
    expect(
      await within(dialog).findByText(
        'The plan ends now. 18 of 31 days are unused: $203.16 is refunded.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Now, with a refund' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Closing');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The refund has changed.');
    expect(await within(dialog).findByText(/\$191\.87 is refunded/)).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({ mode: 'now', refund: 20_316 });
  });
});
