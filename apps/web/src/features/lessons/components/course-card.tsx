import { Avatar, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import type { EnrolledCourse } from '@portal/shared/lessons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MetaLine } from './meta-line';

const COURSE_STATUS_COLORS = ['blue', 'green', 'gray', 'red'];

/** Spec §2 "Course list card": next lesson, weekly lines, the child and the status. */
export function CourseCard({ course }: { course: EnrolledCourse }) {
  const { t } = useTranslation('lessons');
  return (
    <Card withBorder radius="md" padding="md" data-testid="course-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group wrap="nowrap" gap="sm" miw={0}>
          <Image src={course.subject_img} alt="" w={48} h={48} radius="sm" />
          <div>
            <Text fw={700}>{course.subjects_title}</Text>
            <MetaLine parts={[course.level_title, course.meet]} />
          </div>
        </Group>
        <Badge
          color={COURSE_STATUS_COLORS[course.status] ?? 'gray'}
          c="dark.8"
          variant="light"
          style={{ flexShrink: 0 }}
        >
          {t(`courseStatus${course.status}`)}
        </Badge>
      </Group>
      <Stack gap={4} mt="sm">
        <Text size="sm">
          {course.next_at
            ? t('nextLesson', {
                date: dayjs(course.next_start_date).format(t('dateFormat')),
                start: course.next_start_time,
                end: course.next_end_time,
              })
            : t('noNextLesson')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('progress', { done: course.completed_lessons, total: course.total_lessons })}
        </Text>
        <Group gap={6}>
          {course.settingFormat.map((line) => (
            <Badge
              key={`${line.weekday}-${line.start_at}`}
              variant="outline"
              color="gray"
              tt="none"
            >
              {dayjs().day(line.weekday).format('ddd')} {line.start_at}
            </Badge>
          ))}
        </Group>
      </Stack>
      <Group gap="xs" mt="md">
        <Avatar src={course.student_avatar} alt="" size="sm" />
        <Text size="sm">{course.nickname}</Text>
      </Group>
    </Card>
  );
}
