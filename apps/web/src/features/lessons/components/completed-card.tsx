import { Avatar, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import { useDisclosure } from '@mantine/hooks';
import type { CompletedLesson } from '@portal/shared/lessons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import { FeedbackDialog } from './feedback-dialog';
import { MetaLine } from './meta-line';
import { TeacherLine, TeacherNote } from './teacher-line';

/**
 * A completed lesson with Leave Feedback / View Feedback (spec §2, §4). A no-show has nothing to
 * rate: the card says so where the button would be (issue #19; the server refuses it too).
 */
export function CompletedCard({ lesson }: { lesson: CompletedLesson }) {
  const { t } = useTranslation('lessons');
  const [open, dialog] = useDisclosure(false);
  const noShow = lesson.is_attends === 0 && lesson.comments_status === 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="completed-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" miw={0}>
          <Image src={lesson.subject_img} alt="" w={48} h={48} radius="sm" />
          <div>
            <Text fw={700}>{lesson.subject_title}</Text>
            <MetaLine
              parts={[
                t('lessonOf', { n: lesson.start_lessons, total: lesson.total_lessons }),
                lesson.level_title,
              ]}
            />
          </div>
        </Group>
        <Badge
          color={lesson.is_attends ? 'green' : 'orange'}
          c="dark.8"
          variant="light"
          style={{ flexShrink: 0 }}
        >
          {lesson.is_attends ? t('attended') : t('noShow')}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <MetaLine
          c={undefined}
          parts={[
            dayjs(lesson.start_date).format(t('dateFormat')),
            lesson.start_time,
            t('minutes', { count: lesson.duration }),
          ]}
        />
        {lesson.lesson_topic && (
          <Text size="sm" c="dimmed">
            {t('topic', { topic: lesson.lesson_topic })}
          </Text>
        )}
        <TeacherLine name={lesson.teacher_name} photo={lesson.teacher_photo} />
        <TeacherNote note={lesson.teacher_note} />
      </Stack>
      <Group justify="space-between" mt="md" gap="xs">
        <Group gap="xs">
          <Avatar src={lesson.student_avatar} alt="" size="sm" />
          <Text size="sm">{lesson.nickname}</Text>
        </Group>
        {noShow ? null : (
          <Button
            size="xs"
            variant={lesson.comments_status ? 'light' : 'filled'}
            onClick={dialog.open}
          >
            {lesson.comments_status ? t('viewFeedback') : t('leaveFeedback')}
          </Button>
        )}
      </Group>
      {noShow && (
        <Text size="xs" c="dimmed" mt="xs">
          {messageText('feedbackNoShow')}
        </Text>
      )}
      {open && <FeedbackDialog lesson={lesson} opened={open} onClose={dialog.close} />}
    </Card>
  );
}
