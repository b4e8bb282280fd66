import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataExport } from '@portal/shared/profile';
import { changeLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { DataExportSection } from './data-export-section';

const exportOf = (overrides: Partial<DataExport>): DataExport => ({
  status: 'queued',
  requested_at: '2026-11-20T08:00:00.000Z',
  ready_at: null,
  expires_at: null,
  downloaded_at: null,
  size_bytes: null,
  ...overrides,
});

function setUp(initial: DataExport | null, hasEmail = true) {
  let current = initial;
  const calls = stubFetch((url, init) => {
    if (url.includes('/api/dataExport') && init?.method === 'POST') {
      current = exportOf({ status: 'queued' });
      return { body: { code: 200, msg: 'ok', data: current } };
    }
    if (url.includes('/api/dataExport')) return { body: { code: 200, msg: 'ok', data: current } };
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
  renderWithProviders(<DataExportSection hasEmail={hasEmail} />);
  return calls;
}

describe('Profile → Download my data (issue #25)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => changeLanguage('en'));

  it('asks for an export once and says the link will come by e-mail', async () => {
    const calls = setUp(null);
    const button = await screen.findByRole('button', { name: 'Download my data' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByTestId('data-export-status')).toHaveTextContent(
      'Your data is being put together. The link will arrive by e-mail.',
    );
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(1);
    // While it is being built, a second request cannot be sent from here.
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDisabled();
  });

  it('shows until when a sent link works, in Chinese too', async () => {
    await changeLanguage('zh_CN');
    setUp(
      exportOf({
        status: 'ready',
        ready_at: '2026-11-20T08:01:00.000Z',
        expires_at: '2026-11-27T08:01:00.000Z',
      }),
    );
    expect(await screen.findByTestId('data-export-status')).toHaveTextContent(
      /下载链接已发送到您的电子邮箱，仅可使用一次，有效期至 .*2026.*27/,
    );
    expect(screen.getByRole('button', { name: '下载我的数据' })).toBeEnabled();
  });

  it('without an e-mail address the button waits for one', async () => {
    const calls = setUp(null, false);
    expect(
      await screen.findByText(
        'Save an e-mail address above first: the download link is sent there.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeDisabled();
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);
  });
});
