import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';

/** The timetable's screens, in the order of its section links. */
const SECTIONS = [
  { to: paths.timetable, label: 'sections.week' },
  { to: paths.timetableToday, label: 'sections.today' },
  { to: paths.timetableCourses, label: 'sections.courses' },
  { to: paths.timetableClosures, label: 'sections.closures' },
  { to: paths.timetableCover, label: 'sections.cover' },
  { to: paths.timetableLeave, label: 'sections.leave' },
  { to: paths.timetableFeedback, label: 'sections.feedback' },
] as const;

/**
 * The top of a timetable screen: its title (the page's one `h1`), an intro line, an action, and
 * the links between the timetable's screens (one navigation item stands for all of them).
 */
export function TimetableHeader({
  title,
  intro,
  action,
}: {
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation('timetable');
  const { pathname } = useLocation();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {intro && (
            <Text size="sm" c="gray.7">
              {intro}
            </Text>
          )}
        </Stack>
        {action}
      </Group>
      <Group component="nav" aria-label={t('sections.label')} gap={4}>
        {SECTIONS.map((section) => {
          const current = pathname === section.to;
          return (
            <Button
              key={section.to}
              component={Link}
              to={section.to}
              size="compact-sm"
              variant={current ? 'light' : 'subtle'}
              // Subtle gray buttons draw their label in a light gray (below 4.5:1): dark text.
              color={current ? undefined : 'gray'}
              c={current ? undefined : 'dark.7'}
              aria-current={current ? 'page' : undefined}
            >
              {t(section.label)}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
