import { Container, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadFailure, LoadFailed } from '@portal/web-kit/list-state';
import { useDocumentTitle } from '@portal/web-kit/page';
import { profileQueryOptions } from '../../../api/profile';
import { CompletedList } from './completed-list';
import { ChildSwitcher } from './child-switcher';
import { LessonsEmpty } from './lessons-empty';

/** `ViewCompletedLessons`: the current child's finished lessons with feedback. */
export function CompletedLessonsPage() {
  const { t } = useTranslation('lessons');
  useDocumentTitle(t('completedTitle'));
  const profile = useQuery(profileQueryOptions());
  const profileFailure = loadFailure(profile);
  const studentSn = profile.data?.student_info?.student_sn;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('completedTitle')}
      </Title>
      <ChildSwitcher onSwitched={() => setParams({})} />
      {profile.data && !studentSn ? (
        <LessonsEmpty text={t('noChild')} />
      ) : studentSn ? (
        <CompletedList
          studentSn={studentSn}
          page={page}
          onPage={(next) => setParams({ page: String(next) })}
        />
      ) : profileFailure !== undefined ? (
        <LoadFailed error={profileFailure} onRetry={() => profile.refetch()} />
      ) : null}
    </Container>
  );
}
