import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import {
  LESSON_START as START,
  MINUTE as MIN,
  scheduledLesson as lesson,
} from '../../../test/lessons';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { LessonCard } from './lesson-card';

const enterButton = () => screen.getByRole('button', { name: 'Enter' });

describe('LessonCard (spec §4 windows, mirrored in the browser)', () => {
  it('shows the countdown under 48 h, keeps Enter closed and offers leave over 3 h', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - (4 * 60 + 5) * MIN} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 4 h 5 min');
    expect(enterButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ask for leave' })).toBeEnabled();
    expect(enterButton()).toHaveAccessibleDescription(
      'The classroom opens 5 minutes before the lesson starts.',
    );
  });

  it('hides the countdown at 48 h and more', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 48 * 60 * MIN} />);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('opens Enter inside the last 5 minutes and says why leave is closed under 3 h', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 5 * MIN + 1} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Starts in 5 min');
    expect(enterButton()).toBeEnabled();
    const leave = screen.getByRole('button', { name: 'Ask for leave' });
    expect(leave).toBeDisabled();
    expect(leave).toHaveAccessibleDescription(
      'Leave can only be requested more than 3 hours before the lesson starts.',
    );
    expect(
      screen.getByText('Leave can only be requested more than 3 hours before the lesson starts.'),
    ).toBeVisible();
  });

  it('shows the Leave status and what leave did instead of the actions', () => {
    renderWithProviders(<LessonCard lesson={lesson({ attends_status: 1 })} now={START - MIN} />);
    expect(screen.queryByRole('button', { name: 'Enter' })).toBeNull();
    expect(screen.getByText('Leave')).toBeInTheDocument();
    expect(screen.getByText(/^Leave requested: this lesson will not take place/)).toBeVisible();
  });

  it('shows a cancelled lesson with its reason and no actions', () => {
    const reason =
      'The school cancelled this lesson; the credits it reserved (1) went back to your balance.';
    renderWithProviders(
      <LessonCard
        lesson={lesson({ status: 3, cancel_reason: reason })}
        now={START - 5 * 60 * MIN}
      />,
    );
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-reason')).toHaveTextContent(reason);
    expect(screen.queryByRole('button', { name: 'Enter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask for leave' })).toBeNull();
  });

  it('keeps "Lesson 3/24" and "Level 1" each in one piece when the line wraps', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 60 * MIN} />);
    const level = screen.getByText('Level 1');
    expect(level.tagName).toBe('SPAN');
    expect(level).toHaveStyle({ display: 'inline-block' });
    expect(screen.getByText('Lesson 3/24')).toHaveStyle({ display: 'inline-block' });
  });

  it("shows the teacher's photo and name (issue #22), also in the leave dialog", async () => {
    renderWithProviders(
      <LessonCard
        lesson={lesson({ teacher_name: 'Mr Chen', teacher_photo: '/api/teacher-photos/42' })}
        now={START - 5 * 60 * MIN}
      />,
    );
    const [onCard] = screen.getAllByTestId('teacher');
    expect(onCard).toHaveTextContent('Teacher: Mr Chen');
    expect(onCard!.querySelector('img')).toHaveAttribute('src', '/api/teacher-photos/42');
    screen.getByRole('button', { name: 'Ask for leave' }).click();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Teacher: Mr Chen');
  });
});

describe('LessonCard → leave dialog', () => {
  it('is mounted at the first ask, and gives the focus back to the button when it closes', async () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 5 * 60 * MIN} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const ask = screen.getByRole('button', { name: 'Ask for leave' });
    for (const round of [1, 2]) {
      await userEvent.click(ask);
      const dialog = await screen.findByRole('dialog');
      expect(dialog, `ask ${round}`).toHaveTextContent('Ask for leave');
      await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
      await waitFor(() => expect(ask, `after ask ${round}`).toHaveFocus());
    }
  });
});

describe('LessonCard → "Check my device" (issue #24)', () => {
  beforeEach(() => {
    window.localStorage.removeItem('deviceCheckedAt');
    window.localStorage.removeItem('deviceCheckOfferedAt');
  });
  afterEach(() => vi.restoreAllMocks());

  it('links every upcoming card to the device check', () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 60 * MIN} />);
    expect(screen.getByRole('link', { name: 'Check my device' })).toHaveAttribute(
      'href',
      '/home/children/deviceCheck',
    );
    expect(screen.queryByTestId('device-check-offer')).toBeNull();
  });

  it('offers the check once the classroom is open; "Not now" puts it away for 30 days', async () => {
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 2 * MIN} />);
    expect(screen.getByTestId('device-check-offer')).toHaveTextContent(
      /Not checked on this device lately\?/,
    );
    expect(screen.getByRole('link', { name: 'Check my device first' })).toHaveAttribute(
      'href',
      '/home/children/deviceCheck',
    );
    expect(enterButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('device-check-offer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Check my device' })).toBeVisible();
    expect(Date.parse(window.localStorage.getItem('deviceCheckOfferedAt')!)).toBeGreaterThan(0);
  });

  it('counts entering as having seen the offer', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    stubFetch(() => ({ body: { code: 200, msg: 'ok', data: { is_class: false, message: 'x' } } }));
    renderWithProviders(<LessonCard lesson={lesson()} now={START - 2 * MIN} />);
    await userEvent.click(enterButton());
    expect(screen.queryByTestId('device-check-offer')).toBeNull();
    expect(window.localStorage.getItem('deviceCheckOfferedAt')).not.toBeNull();
  });

  it('does not offer it when this browser ran the check in the last 30 days, nor in Chinese', async () => {
    window.localStorage.setItem('deviceCheckedAt', new Date().toISOString());
    const checked = renderWithProviders(<LessonCard lesson={lesson()} now={START - 2 * MIN} />);
    expect(screen.queryByTestId('device-check-offer')).toBeNull();
    checked.unmount();
    window.localStorage.removeItem('deviceCheckedAt');
    await changeLanguage('zh_CN');
    try {
      renderWithProviders(<LessonCard lesson={lesson()} now={START - 2 * MIN} />);
      expect(screen.getByRole('link', { name: '先检测设备' })).toBeVisible();
      expect(screen.getByRole('button', { name: '暂不检测' })).toBeVisible();
    } finally {
      await changeLanguage('en');
    }
  });

  it('has neither link on a cancelled lesson or one on leave', () => {
    renderWithProviders(<LessonCard lesson={lesson({ status: 3 })} now={START - 2 * MIN} />);
    renderWithProviders(
      <LessonCard lesson={lesson({ attends_status: 1 })} now={START - 2 * MIN} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
