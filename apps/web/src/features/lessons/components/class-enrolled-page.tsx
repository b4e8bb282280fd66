import { Container, SimpleGrid, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@portal/web-kit/page';
import { profileQueryOptions } from '../../../api/profile';
import { coursesQueryOptions } from '../api/lessons-api';
import { CourseCard } from './course-card';
import { LessonsEmpty } from './lessons-empty';
import { ChildSwitcher } from './child-switcher';
import { ListState, loadFailure, LoadFailed } from '@portal/web-kit/list-state';

/** `ClassEnrolled`: the current child's enrolled courses. */
export function ClassEnrolledPage() {
  const { t } = useTranslation('lessons');
  useDocumentTitle(t('coursesTitle'));
  const profile = useQuery(profileQueryOptions());
  const profileFailure = loadFailure(profile);
  const studentSn = profile.data?.student_info?.student_sn;
  const courses = useQuery({ ...coursesQueryOptions(studentSn), enabled: Boolean(studentSn) });
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('coursesTitle')}
      </Title>
      <ChildSwitcher />
      {/* The courses wait for the profile's child: a profile that did not load is the failure. */}
      {profileFailure !== undefined ? (
        <LoadFailed error={profileFailure} onRetry={() => profile.refetch()} />
      ) : profile.data && !studentSn ? (
        <LessonsEmpty text={t('noChild')} />
      ) : (
        <ListState query={courses}>
          {(list) =>
            list.length === 0 ? (
              <LessonsEmpty text={t('noCourse')} />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {list.map((course) => (
                  <CourseCard key={course.course_sn} course={course} />
                ))}
              </SimpleGrid>
            )
          }
        </ListState>
      )}
    </Container>
  );
}
