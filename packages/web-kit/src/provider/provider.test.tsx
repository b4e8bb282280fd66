import { DatePicker, MonthPicker } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { createQueryClient } from '../query-client';
import { KitProvider } from '.';

afterEach(async () => {
  await changeLanguage('en');
});

describe('dates follow the interface language (issue #19)', () => {
  it('heads the Chinese calendar "2020年11月" with Chinese weekdays', async () => {
    await changeLanguage('zh_CN');
    render(
      <KitProvider client={createQueryClient()}>
        <DatePicker defaultDate="2020-11-05" />
      </KitProvider>,
    );
    expect(screen.getByRole('button', { name: '2020年11月' })).toBeInTheDocument();
    expect(screen.queryByText(/十一月 2020/)).not.toBeInTheDocument();
    expect(screen.getByText('一')).toBeInTheDocument();
  });

  it('lists months in Chinese and heads the year "2020年"', async () => {
    await changeLanguage('zh_CN');
    render(
      <KitProvider client={createQueryClient()}>
        <MonthPicker defaultDate="2020-11-05" />
      </KitProvider>,
    );
    expect(screen.getByRole('button', { name: '2020年' })).toBeInTheDocument();
    expect(screen.getByText('11月')).toBeInTheDocument();
  });

  it('keeps English months in English', async () => {
    await changeLanguage('en');
    render(
      <KitProvider client={createQueryClient()}>
        <DatePicker defaultDate="2020-11-05" />
      </KitProvider>,
    );
    expect(screen.getByRole('button', { name: 'November 2020' })).toBeInTheDocument();
  });
});
