import { Avatar, Group, NavLink, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { profileQueryOptions } from '../../../api/profile';

const LINKS = [
  { to: paths.home.attendClassNow, label: 'navUpcoming' },
  { to: paths.home.classEnrolled, label: 'navCourses' },
  { to: paths.home.completedLessons, label: 'navCompleted' },
  { to: paths.home.scheduleClass, label: 'navSchedule' },
  { to: paths.home.children, label: 'navChildren' },
  { to: paths.home.purchaseLessonPlan, label: 'navBuy' },
  { to: paths.dashboard, label: 'navDashboard' },
  { to: paths.home.information, label: 'navProfile' },
] as const;

/**
 * The shell's left navigation (spec §2 Main shell, 295 px): the current child with this month's
 * completed, scheduled and no-show counts, then the shell's screens.
 */
export function ChildNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useQuery(profileQueryOptions());
  const child = profile.data?.student_info;
  return (
    <Stack gap="md" p="md" component="nav" aria-label={t('mainNavigation')}>
      {child && (
        <Paper withBorder p="md" radius="md">
          <Group wrap="nowrap" mb="sm">
            <Avatar src={child.avatar} alt="" size="lg" />
            <div>
              <Text fw={700}>{child.nickname}</Text>
              <Text size="xs" c="dimmed">
                {t('thisMonth')}
              </Text>
            </div>
          </Group>
          <SimpleGrid cols={3} spacing={4}>
            {(
              [
                ['monthComplete', child.month_complete],
                ['monthPending', child.month_pending],
                ['monthNoShow', child.month_no_show],
              ] as const
            ).map(([label, value]) => (
              <Stack key={label} gap={0} align="center">
                <Text fw={700} size="lg">
                  {value}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {t(label)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <Stack gap={2}>
        {LINKS.map((link) => (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={t(link.label)}
            active={pathname === link.to}
            onClick={onNavigate}
            variant="light"
          />
        ))}
      </Stack>
    </Stack>
  );
}
