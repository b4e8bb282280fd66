import { Anchor, Avatar, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@portal/web-kit/api-client';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { teacherQuery } from '../api';
import { FiguresCard } from './figures-card';
import { ProfileCard } from './profile-card';
import { StatusBadge } from './status-badge';
import { TimeOffCard } from './time-off-card';

/** `/teachers/:teacherSn`: a teacher's profile, time off and figures (`teachers.manage`). */
export function TeacherPage() {
  const { t } = useTranslation('teachers');
  const { teacherSn = '' } = useParams();
  const teacher = useQuery(teacherQuery(teacherSn));
  useDocumentTitle(teacher.data?.nameEn ?? t('title'));

  const back = (
    <Anchor component={Link} to={paths.teachers} size="sm">
      ← {t('backToTeachers')}
    </Anchor>
  );

  if (teacher.isPending)
    return (
      <Stack aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        {back}
        <Skeleton height={36} width={320} />
        <Skeleton height={420} />
      </Stack>
    );

  if (teacher.isError) {
    const missing = teacher.error instanceof ApiError && teacher.error.httpStatus === 404;
    return (
      <Stack align="flex-start">
        {back}
        <Title order={1}>{missing ? t('notFound') : t('loadFailed')}</Title>
        {!missing && (
          <Button variant="light" onClick={() => void teacher.refetch()}>
            {t('retry', { ns: 'common' })}
          </Button>
        )}
      </Stack>
    );
  }

  const detail = teacher.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {back}
        <Group gap="md" align="center">
          <Avatar src={detail.photoUrl} alt="" size={56} />
          <Stack gap={0}>
            <Group gap="sm" align="center">
              <Title order={1}>{detail.nameEn}</Title>
              <Text size="xl" c="gray.7" lang="zh-CN">
                {detail.nameZh}
              </Text>
              <StatusBadge status={detail.status} />
            </Group>
            <Text size="sm" c="gray.7">
              {detail.email} · {detail.timeZone}
            </Text>
          </Stack>
        </Group>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {/* Another teacher's page starts its form from that teacher's profile. */}
          <ProfileCard key={detail.teacherSn} teacher={detail} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <TimeOffCard teacher={detail} />
        </Grid.Col>
      </Grid>
      <FiguresCard teacherSn={detail.teacherSn} />
    </Stack>
  );
}
