import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { profileFixture } from '../../../test/profile';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ChildrenPage } from './children-page';

const kid = (n: number) => ({
  student_sn: `S${n}`,
  nickname: `Kid ${n}`,
  birth_date: '1/1/2019',
  avatar: '/img/avatars/avatar-1.svg',
  id: 1,
  age: 7,
});
const profile = (limit: number, count: number) =>
  profileFixture({ last_student_sn: 'S1', child_limit: limit, can_add_child: count < limit });

function answer(limit: number, count: number) {
  const children = Array.from({ length: count }, (_, i) => kid(i + 1));
  stubFetch((url) => {
    if (url.includes('/api/students')) return { body: { code: 200, msg: 'ok', data: children } };
    if (url.includes('/api/user/profile'))
      return { body: { code: 200, msg: 'ok', data: profile(limit, count) } };
    return { status: 404, body: { code: 404, msg: '', data: null } };
  });
}

describe('the children list (issue #19: the limit is said before it bites)', () => {
  beforeEach(() => storage.setToken('test-token'));

  it('states the rule under the limit and links to the form by student_sn', async () => {
    answer(3, 2);
    renderWithProviders(<ChildrenPage />);
    expect(
      await screen.findByText(
        'You have added 2 of the 3 children you can add yourself. Your course adviser can raise this up to 6.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Edit Kid 2' })).toHaveAttribute(
      'href',
      '/add?student_sn=S2',
    );
    expect(screen.getByRole('link', { name: 'Add a child' })).toBeVisible();
  });

  it('past the limit, "add" says whom to ask and that the adviser can go up to 6', async () => {
    answer(3, 3);
    renderWithProviders(<ChildrenPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a child' }));
    expect(
      await screen.findByText(
        'You can add 3 children yourself. Your course adviser can raise the limit up to 6; please contact them.',
      ),
    ).toBeVisible();
  });

  it('hides "add" at 6 children (spec §9)', async () => {
    answer(6, 6);
    renderWithProviders(<ChildrenPage />);
    expect(
      await screen.findByText('You have added 6 of 6 children, the most an account can hold.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a child' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a child' })).toBeNull();
  });
});

describe('the children list in the interface language (issue #19)', () => {
  beforeEach(() => storage.setToken('test-token'));
  afterEach(() => i18n.changeLanguage('en'));

  it('writes the birthday MM/DD/YYYY in English and 2019年1月1日 in Chinese', async () => {
    answer(3, 1);
    const { unmount } = renderWithProviders(<ChildrenPage />);
    expect(await screen.findByText('Born 01/01/2019')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('zh_CN');
    answer(3, 1);
    renderWithProviders(<ChildrenPage />);
    expect(await screen.findByText('生日 2019年1月1日')).toBeInTheDocument();
  });
});
