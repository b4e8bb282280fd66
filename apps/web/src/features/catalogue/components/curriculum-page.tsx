import {
  Badge,
  Card,
  Container,
  Group,
  List,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { levelsQueryOptions, subjectsQueryOptions, topicsQueryOptions } from '../api/catalogue-api';
import { ScheduleError } from './schedule-states';
import { loadFailure } from '@portal/web-kit/list-state';

/** `/curriculum`: a subject, its levels (ages, description) and the topics of a level (spec §2). */
export function CurriculumPage() {
  const { t } = useTranslation('catalogue');
  useDocumentTitle(t('curriculumTitle'), t('curriculumDescription'));
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const subjects = useQuery(subjectsQueryOptions(language));
  const subjectsFailure = loadFailure(subjects);
  const subjectId = Number(params.get('subject')) || subjects.data?.[0]?.id;
  const levels = useQuery({
    ...levelsQueryOptions(subjectId ?? 0, language),
    enabled: Boolean(subjectId),
  });
  const levelId = Number(params.get('level')) || levels.data?.[0]?.id;
  const topics = useQuery({
    ...topicsQueryOptions(subjectId ?? 0, levelId ?? 0, language),
    enabled: Boolean(subjectId && levelId),
  });
  const subject = subjects.data?.find((s) => s.id === subjectId);

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('curriculumTitle')}
      </Title>
      {subjectsFailure !== undefined && (
        <ScheduleError error={subjectsFailure} onRetry={() => void subjects.refetch()} />
      )}
      <Select
        maw={320}
        label={t('subject')}
        data={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
        value={subjectId ? String(subjectId) : null}
        allowDeselect={false}
        onChange={(value) => value && setParams({ subject: value }, { replace: true })}
      />
      {subject && (
        <Text c="dimmed" mt="sm">
          {subject.description}
        </Text>
      )}

      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('levels')}
      </Title>
      {levels.isPending && subjectId ? (
        <Skeleton height={100} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {(levels.data ?? []).map((level) => {
            const selected = level.id === levelId;
            return (
              <UnstyledButton
                key={level.id}
                onClick={() =>
                  setParams(
                    { subject: String(subjectId), level: String(level.id) },
                    { replace: true },
                  )
                }
                aria-pressed={selected}
              >
                <Card
                  withBorder
                  radius="md"
                  style={
                    selected
                      ? { borderColor: 'var(--mantine-color-brand-7)', borderWidth: 2 }
                      : undefined
                  }
                >
                  <Group justify="space-between">
                    <Text fw={700}>{level.title}</Text>
                    <Badge variant="light" color="brand">
                      {t('ages', { from: level.age_range_start, to: level.age_range_end })}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" mt={6}>
                    {level.description}
                  </Text>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}

      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('topics')}
      </Title>
      {topics.isPending && levelId ? (
        <Skeleton height={120} />
      ) : topics.data && topics.data.total > 0 ? (
        <Stack gap={4}>
          <List type="ordered" spacing={4}>
            {topics.data.data.map((topic) => (
              <List.Item key={topic.id}>{topic.lesson_topic}</List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text c="dimmed">{t('noTopics')}</Text>
      )}
    </Container>
  );
}
