import { Avatar, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import { useDisclosure } from '@mantine/hooks';
import type { CompletedLesson } from '@portal/shared/lessons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FeedbackDialog } from './feedback-dialog';

/** A completed lesson with Leave Feedback / View Feedback (spec §2, §4). */
export function CompletedCard({ lesson }: { lesson: CompletedLesson }) {
  const { t } = useTranslation('lessons');
  const [open, dialog] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="md" data-testid="completed-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm">
          <Image src={lesson.subject_img} alt="" w={48} h={48} radius="sm" />
          <div>
            <Text fw={700}>{lesson.subject_title}</Text>
            <Text size="sm" c="dimmed">
              {t('lessonOf', { n: lesson.start_lessons, total: lesson.total_lessons })} ·{' '}
              {lesson.level_title}
            </Text>
          </div>
        </Group>
        <Badge color={lesson.is_attends ? 'green' : 'orange'} c="dark.8" variant="light">
          {lesson.is_attends ? t('attended') : t('noShow')}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="sm">
          {dayjs(lesson.start_date).format(t('dateFormat'))} · {lesson.start_time} ·{' '}
          {t('minutes', { count: lesson.duration })}
        </Text>
        {lesson.lesson_topic && (
          <Text size="sm" c="dimmed">
            {t('topic', { topic: lesson.lesson_topic })}
          </Text>
        )}
      </Stack>
      <Group justify="space-between" mt="md">
        <Group gap="xs">
          <Avatar src={lesson.student_avatar} alt="" size="sm" />
          <Text size="sm">{lesson.nickname}</Text>
        </Group>
        <Button
          size="xs"
          variant={lesson.comments_status ? 'light' : 'filled'}
          onClick={dialog.open}
        >
          {lesson.comments_status ? t('viewFeedback') : t('leaveFeedback')}
        </Button>
      </Group>
      {open && <FeedbackDialog lesson={lesson} opened={open} onClose={dialog.close} />}
    </Card>
  );
}
