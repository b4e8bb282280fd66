import { Container, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdviserCard } from '../../../components/adviser-card';
import { useDocumentTitle } from '@portal/web-kit/page';
import { userInfoQueryOptions } from '../../../api/profile';
import { ScheduleBrowser } from './schedule-browser';

/**
 * `ScheduleaClass` (spec §2 shell): the classes on offer, and the course adviser who books one
 * for the child (issue #4: the adviser card shows here).
 */
export function ScheduleAClassPage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('scheduleAClassTitle'));
  const userInfo = useQuery(userInfoQueryOptions());
  const adviser = userInfo.data?.salesperson_info;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb={4}>
        {t('scheduleAClassTitle')}
      </Title>
      <ScheduleBrowser
        aside={
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="adviser">
            <Title order={2} size="h4" id="adviser" mb="xs">
              {t('bookWithAdviser')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('bookWithAdviserText')}
            </Text>
            {userInfo.isPending ? (
              <Skeleton height={120} />
            ) : adviser ? (
              <AdviserCard adviser={adviser} />
            ) : (
              <Text size="sm">{t('noAdviser')}</Text>
            )}
          </Paper>
        }
      />
    </Container>
  );
}
