import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { InformationPage } from '../features/profile/components/information-page';

// Issue #24: lesson reminders (choices and what was sent) and the family's calendar feed, on the
// profile page; each loads with a chunk of its own when the page is reached.
const ReminderSettingsSection = lazy(() =>
  import('../features/reminders/components/reminder-settings-section').then((m) => ({
    default: m.ReminderSettingsSection,
  })),
);
const CalendarFeedSection = lazy(() =>
  import('../features/calendar/components/calendar-feed-section').then((m) => ({
    default: m.CalendarFeedSection,
  })),
);

/** The profile page with the sections other features add to it (features do not import each other). */
export function InformationRoute() {
  return (
    <InformationPage
      sections={
        <>
          <Suspense fallback={<Skeleton height={160} />}>
            <ReminderSettingsSection />
          </Suspense>
          <Suspense fallback={<Skeleton height={120} />}>
            <CalendarFeedSection />
          </Suspense>
        </>
      }
    />
  );
}
