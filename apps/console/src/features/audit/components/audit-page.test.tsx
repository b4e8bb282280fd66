import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditItem } from '@portal/shared/staff';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { memberOf, ok, renderWithProviders, stubFetch } from '../../../test/render';
import { AuditPage } from './audit-page';
import { FamilyAudit } from './family-audit';

const entry = (overrides: Partial<AuditItem> = {}): AuditItem => ({
  id: 1,
  at: '2026-11-24T10:00:00.000Z',
  staff: { id: 2, name: 'Demo adviser', email: 'adviser@example.com' },
  action: 'parent.updated',
  target: { type: 'parent', id: 'U100001' },
  family: { userSn: 'U100001', name: 'Li Na' },
  ip: '203.0.113.9',
  before: { name: 'Li', adviserId: null },
  after: { name: 'Li Na', adviserId: 2 },
  detail: null,
  ...overrides,
});

const correction = entry({
  id: 2,
  action: 'credits.corrected',
  target: { type: 'credit-correction', id: '17' },
  before: { paid: 10, reward: 4, reserved: 2, available: 12 },
  after: { paid: 10, reward: 9, reserved: 2, available: 17 },
  detail: { delta: 5, reason: 'goodwill', note: '' },
});

const staffOptions = ok({
  items: [
    { id: 1, name: 'Demo admin', email: 'admin@example.com' },
    { id: 2, name: 'Demo adviser', email: 'adviser@example.com' },
  ],
});

function serve(items: AuditItem[] = [entry(), correction]) {
  return stubFetch((url) =>
    url.startsWith('/api/ops/staff-options') ? staffOptions : ok({ items, total: items.length }),
  );
}

/** The table row holding `text`. */
async function rowOf(text: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table');
  return (await within(table).findByText(text)).closest('tr')!;
}

function lastAudit(calls: { url: string }[]): URLSearchParams {
  const url = calls.filter((call) => call.url.startsWith('/api/ops/audit')).at(-1)!.url;
  return new URL(url, 'http://x').searchParams;
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('the audit log', () => {
  it('reads each entry: who, from where, what, about what, before and after', async () => {
    serve();
    renderWithProviders(<AuditPage />, { route: '/audit', path: '/audit', me: memberOf('admin') });
    const row = await rowOf('Parent changed');
    expect(within(row).getByText('Demo adviser')).toBeInTheDocument();
    expect(within(row).getByText('from 203.0.113.9')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Family: Li Na' })).toHaveAttribute(
      'href',
      '/families/U100001',
    );
    expect(within(row).getByText('Li')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(row).getByText(/Name:/).parentElement).toHaveTextContent('Name: Li → Li Na');
    expect(within(row).getByText(/Adviser:/).parentElement).toHaveTextContent(
      'Adviser: (empty) → 2',
    );

    const corrected = await rowOf('Credits corrected');
    expect(within(corrected).getByText(/Available:/).parentElement).toHaveTextContent(
      'Available: 12 → 17',
    );
    expect(within(corrected).getByText('Reason: Goodwill')).toBeInTheDocument();
    expect(within(corrected).getByText('Change: +5')).toBeInTheDocument();
    // Unchanged fields are not listed.
    expect(within(corrected).queryByText(/Reserved:/)).toBeNull();
  });

  it('filters by staff member and action through the server, kept in the URL', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<AuditPage />, {
      route: '/audit?page=2',
      path: '/audit',
      me: memberOf('admin'),
    });
    await screen.findByText('Parent changed');
    await user.click(screen.getByRole('combobox', { name: 'Staff member' }));
    await user.click(await screen.findByRole('option', { name: /Demo adviser/ }));
    await waitFor(() => expect(lastAudit(calls).get('staffId')).toBe('2'));
    expect(lastAudit(calls).get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Credits corrected' }));
    await waitFor(() => expect(lastAudit(calls).get('action')).toBe('credits.corrected'));
    expect(lastAudit(calls).get('staffId')).toBe('2');
  });

  it('reads its filters from the address and speaks Chinese', async () => {
    await changeLanguage('zh_CN');
    const calls = serve([correction]);
    renderWithProviders(<AuditPage />, {
      route: '/audit?targetType=credit-correction&from=2026-11-01&to=2026-11-30',
      path: '/audit',
      me: memberOf('admin'),
    });
    const row = await rowOf('调整课时');
    expect(within(row).getByText('原因：补偿')).toBeInTheDocument();
    expect(lastAudit(calls).get('targetType')).toBe('credit-correction');
    expect(lastAudit(calls).get('from')).toBe('2026-11-01');
    expect(lastAudit(calls).get('to')).toBe('2026-11-30');
  });

  it("lists a family's entries from the family's own route, without the family column", async () => {
    const calls = stubFetch(() => ok({ items: [entry()], total: 1 }));
    renderWithProviders(<FamilyAudit userSn="U100001" />, { me: memberOf('admin') });
    expect(await screen.findByText('Parent changed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Family: Li Na' })).toBeNull();
    expect(calls[0]!.url).toBe('/api/ops/families/U100001/audit?page=1&pageSize=20');
  });
});
