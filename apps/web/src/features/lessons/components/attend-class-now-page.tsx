import { Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LessonGroup } from '@portal/shared/lessons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/web-kit/page';
import { childrenQueryOptions } from '../../../api/children';
import { profileQueryOptions } from '../../../api/profile';
import { upcomingGroupsQueryOptions } from '../api/schedule-queries';
import { LessonGrid, useCardsDrawn } from './lesson-grid';
import { LessonsEmpty } from './lessons-empty';
import { ChildSwitcher } from './child-switcher';
import { ListState, loadFailure, LoadFailed } from '@portal/web-kit/list-state';

/** `AttendClassNow`: the current child's upcoming lessons under their day headings. */
export function AttendClassNowPage() {
  const { t } = useTranslation('lessons');
  useDocumentTitle(t('upcomingTitle'));
  const profile = useQuery(profileQueryOptions());
  const profileFailure = loadFailure(profile);
  const studentSn = profile.data?.student_info?.student_sn;
  const lessons = useQuery({
    ...upcomingGroupsQueryOptions(studentSn),
    enabled: Boolean(studentSn),
  });
  // The switcher (two children or more) and the lessons appear together: a switcher arriving
  // after the lessons pushed them down (layout shift). Only while the children are on their
  // way: a request held back offline must not keep the list's skeleton up.
  const children = useQuery(childrenQueryOptions());
  const list = {
    ...lessons,
    isPending: lessons.isPending || (children.isPending && children.fetchStatus === 'fetching'),
  };

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('upcomingTitle')}
      </Title>
      <ChildSwitcher />
      {/* The lessons wait for the profile's child: a profile that did not load is the failure. */}
      {profileFailure !== undefined ? (
        <LoadFailed error={profileFailure} onRetry={() => profile.refetch()} />
      ) : profile.data && !studentSn ? (
        <LessonsEmpty text={t('noChild')} />
      ) : (
        <ListState query={list}>
          {(page) =>
            page.data.length === 0 ? <LessonsEmpty /> : <UpcomingGroups groups={page.data} />
          }
        </ListState>
      )}
    </Container>
  );
}

/**
 * The days' headings and cards. The first cards are drawn first across the days, not per day
 * (useCardsDrawn): a day is drawn once a card of it is.
 */
function UpcomingGroups({ groups }: { groups: LessonGroup[] }) {
  let left = useCardsDrawn();
  const drawn: LessonGroup[] = [];
  for (const group of groups) {
    if (left <= 0) break;
    drawn.push({ title: group.title, data: group.data.slice(0, left) });
    left -= group.data.length;
  }
  return (
    <Stack gap="xl">
      {drawn.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <Title order={2} size="h4" mb="sm">
            {group.title}
          </Title>
          <LessonGrid lessons={group.data} cols={{ base: 1, md: 2 }} />
        </section>
      ))}
    </Stack>
  );
}
