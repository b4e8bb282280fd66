import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { childrenQueryOptions } from '../../../api/children';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ChildSwitcher } from './child-switcher';

const child = (sn: string, nickname: string) => ({
  student_sn: sn,
  nickname,
  birth_date: '5/14/2018',
  avatar: '/img/avatars/avatar-1.svg',
  id: 1,
  age: 8,
});
const profileWith = (current: string, nickname: string) =>
  profileFixture({
    last_student_sn: current,
    student_info: {
      student_sn: current,
      avatar: '/img/avatars/avatar-1.svg',
      nickname,
      month_complete: 0,
      month_pending: 0,
      month_no_show: 0,
    },
  });

/** Shows when the children list the switcher reads has arrived. */
function Loaded() {
  const children = useQuery(childrenQueryOptions());
  return children.data ? <p>{children.data.length} child loaded</p> : null;
}

describe('ChildSwitcher (issue #19: the lesson pages switch the child)', () => {
  beforeEach(() => storage.setToken('test-token'));

  it('makes the chosen child the current one', async () => {
    let current = ['S1', 'Mia'] as [string, string];
    const calls = stubFetch((url) => {
      if (url.includes('/api/setLastStudent')) {
        current = ['S2', 'Leo'];
        return { body: { code: 200, msg: 'ok', data: null } };
      }
      if (url.includes('/api/students'))
        return { body: { code: 200, msg: 'ok', data: [child('S1', 'Mia'), child('S2', 'Leo')] } };
      if (url.includes('/api/user/profile'))
        return { body: { code: 200, msg: 'ok', data: profileWith(...current) } };
      return { status: 404, body: { code: 404, msg: '', data: null } };
    });
    renderWithProviders(<ChildSwitcher />);
    const group = await screen.findByRole('group', { name: 'Show lessons of' });
    expect(group).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mia' })).toHaveAttribute('aria-pressed', 'true'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Leo' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Leo' })).toHaveAttribute('aria-pressed', 'true'),
    );
    const select = calls.find((call) => call.url.includes('/api/setLastStudent'));
    expect(JSON.parse(String(select?.init?.body))).toEqual({ last_student_sn: 'S2' });
  });

  it('is not shown for a single child', async () => {
    stubFetch((url) =>
      url.includes('/api/students')
        ? { body: { code: 200, msg: 'ok', data: [child('S1', 'Mia')] } }
        : { body: { code: 200, msg: 'ok', data: profileWith('S1', 'Mia') } },
    );
    renderWithProviders(
      <>
        <ChildSwitcher />
        <Loaded />
      </>,
    );
    expect(await screen.findByText('1 child loaded')).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();
  });
});
