import {
  Avatar,
  Button,
  Card,
  Container,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Tabs.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@portal/web-kit/page';
import { paths } from '../../../config/paths';
import { childrenQueryOptions } from '../../../api/children';
import { accountQueryOptions } from '../../../api/credits';
import { usePlace } from '../../../lib/places';
import { profileQueryOptions } from '../../../api/profile';
import { timeDiff, timeZoneLabel } from '@portal/web-kit/time';
import { completedGroupsQueryOptions, coursesQueryOptions } from '../api/lessons-api';
import { schedulePageQueryOptions } from '../api/schedule-queries';
import { dashboardView } from '../utils/dashboard-view';
import { CompletedList } from './completed-list';
import { CourseCard } from './course-card';
import { LessonsEmpty } from './lessons-empty';
import { ListState } from '@portal/web-kit/list-state';
import { ScheduleList } from './schedule-list';

/** "-" for what the parent has not told us (spec §2 /index). */
const orDash = (value: string | null | undefined) => (value ? value : '-');

/**
 * `/index`, the dashboard (spec §2): the parent's profile, credits and children on the left;
 * a child filter and the schedule / course / completed tabs on the right. Filter, tab and page
 * live in the URL (`type=1` opens the course tab).
 */
export function DashboardPage() {
  const { t } = useTranslation('lessons');
  useDocumentTitle(t('dashboardTitle'));
  const [params, setParams] = useSearchParams();
  const profile = useQuery(profileQueryOptions());
  const account = useQuery(accountQueryOptions());
  const children = useQuery(childrenQueryOptions());
  const { studentSn, tab, page } = dashboardView(params);
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    next.delete('type');
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };

  // The count text follows the open tab.
  const scheduleCount = useQuery({
    ...schedulePageQueryOptions(studentSn, 1),
    enabled: tab === 'schedule',
  });
  const courseCount = useQuery({ ...coursesQueryOptions(studentSn), enabled: tab === 'course' });
  const completedCount = useQuery({
    ...completedGroupsQueryOptions(studentSn, 1),
    enabled: tab === 'completed',
  });
  const count =
    tab === 'schedule'
      ? scheduleCount.data?.total
      : tab === 'course'
        ? courseCount.data?.length
        : completedCount.data?.total;

  // The zone the times on screen are shown in: this browser's, which every call sends as
  // `time_diff` (decision 035), not the one stored at the last sign-in.
  const zone = timeZoneLabel(timeDiff());
  const p = profile.data;
  const location = usePlace(p?.user_city, p?.user_country) || '-';

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        {t('dashboardTitle')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('aboutYou')}
              </Title>
              {p ? (
                <Stack gap={6}>
                  <Field label={t('timeZone')} value={zone} />
                  <Field label={t('phone')} value={`+${p.country_code} ${p.mobile}`} />
                  <Field label={t('location')} value={location} />
                  <Field label={t('email')} value={orDash(p.email)} />
                  <Field label={t('referrer')} value={orDash(p.referer)} />
                </Stack>
              ) : (
                <Skeleton height={120} />
              )}
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                {t('creditBalance')}
              </Title>
              <Text fz={32} fw={700} lh={1.2}>
                {account.data?.balance ?? '–'}
              </Text>
              <Text size="sm" c="dimmed" mb="md">
                {/* Until the balance is in, an empty line of the same height: never "0 available". */}
                {account.data
                  ? t('availableAfter', { count: account.data.balance_valid })
                  : '\u00a0'}
              </Text>
              <Group>
                <Button component={Link} to={paths.recharge} size="sm">
                  {t('topUp')}
                </Button>
                <Button component={Link} to={paths.payHistory} size="sm" variant="default">
                  {t('viewDetails')}
                </Button>
              </Group>
            </Card>
            <Card withBorder radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('children')}
                </Title>
                <Button component={Link} to={paths.home.children} size="xs" variant="light">
                  {t('editChild')}
                </Button>
              </Group>
              <Stack gap="xs">
                {(children.data ?? []).map((child) => (
                  <Group key={child.student_sn} gap="sm">
                    <Avatar src={child.avatar} alt="" size="md" />
                    <div>
                      <Text fw={600}>{child.nickname}</Text>
                      <Text size="xs" c="dimmed">
                        {t('age', { count: child.age })}
                      </Text>
                    </div>
                  </Group>
                ))}
                {children.data?.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('noChild')}
                  </Text>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group justify="space-between" mb="md" align="flex-end">
            {/* Native: the phone's own picker, and nothing to position on every start. */}
            <NativeSelect
              label={t('childFilter')}
              data={[
                { value: '', label: t('allChildren') },
                ...(children.data ?? []).map((child) => ({
                  value: child.student_sn,
                  label: child.nickname,
                })),
              ]}
              value={studentSn ?? ''}
              onChange={(event) =>
                update({ student: event.currentTarget.value || undefined, page: undefined })
              }
              w={220}
            />
            <Text size="sm" c="dimmed" role="status">
              {count === undefined ? '' : t(`count_${tab}`, { count })}
            </Text>
          </Group>
          <Tabs
            value={tab}
            onChange={(value) => update({ tab: value ?? 'schedule', page: undefined })}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="schedule">{t('tabSchedule')}</Tabs.Tab>
              <Tabs.Tab value="course">{t('tabCourse')}</Tabs.Tab>
              <Tabs.Tab value="completed">{t('tabCompleted')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="schedule">
              {tab === 'schedule' && (
                <ScheduleList
                  studentSn={studentSn}
                  page={page}
                  onPage={(next) => update({ page: String(next) })}
                />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="course">
              {tab === 'course' && (
                <ListState query={courseCount}>
                  {(list) =>
                    list.length === 0 ? (
                      <LessonsEmpty text={t('noCourse')} />
                    ) : (
                      <SimpleGrid cols={{ base: 1, lg: 2 }}>
                        {list.map((course) => (
                          <CourseCard key={course.course_sn} course={course} />
                        ))}
                      </SimpleGrid>
                    )
                  }
                </ListState>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="completed">
              {tab === 'completed' && (
                <CompletedList
                  studentSn={studentSn}
                  page={page}
                  onPage={(next) => update({ page: String(next) })}
                />
              )}
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
