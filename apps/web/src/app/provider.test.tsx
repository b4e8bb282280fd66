import { DatePicker, MonthPicker } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { AppProvider } from './provider';

afterEach(async () => {
  await changeLanguage('en');
});

describe('dates follow the interface language (issue #19)', () => {
  it('heads the Chinese calendar "2020年11月" with Chinese weekdays', async () => {
    await changeLanguage('zh_CN');
    render(
      <AppProvider>
        <DatePicker defaultDate="2020-11-05" />
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: '2020年11月' })).toBeInTheDocument();
    expect(screen.queryByText(/十一月 2020/)).not.toBeInTheDocument();
    expect(screen.getByText('一')).toBeInTheDocument();
  });

  it('lists months in Chinese and heads the year "2020年"', async () => {
    await changeLanguage('zh_CN');
    render(
      <AppProvider>
        <MonthPicker defaultDate="2020-11-05" />
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: '2020年' })).toBeInTheDocument();
    expect(screen.getByText('11月')).toBeInTheDocument();
  });

  it('keeps English months in English', async () => {
    await changeLanguage('en');
    render(
      <AppProvider>
        <DatePicker defaultDate="2020-11-05" />
      </AppProvider>,
    );
    expect(screen.getByRole('button', { name: 'November 2020' })).toBeInTheDocument();
  });
});
