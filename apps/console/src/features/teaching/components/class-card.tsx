import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { enterRefusal } from '@portal/shared/lessons';
import type { TeachingChild, TeachingClass } from '@portal/shared/staff';
import { messageText } from '@portal/web-kit/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { teachingApi, teachingKeys } from '../api';
import { formatTimeIn } from '../utils/week';
import { AttendanceForm } from './attendance-form';

interface ClassCardProps {
  lesson: TeachingClass;
  timeZone: string;
  /** The current time (ms), ticking: the classroom opens and the class starts while on screen. */
  now: number;
}

/** One class of the teacher's week: when, what, who, the classroom, and the attendance. */
export function ClassCard({ lesson, timeZone, now }: ClassCardProps) {
  const { t } = useTranslation('teaching');
  const language = currentLanguage();
  const time = (at: string) => formatTimeIn(at, timeZone, language);
  const started = now >= Date.parse(lesson.startsAt);
  const start = time(lesson.startsAt);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`${start} ${lesson.courseTitle}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={600} c="gray.7">
              {t('time', { start, end: time(lesson.endsAt) })}
            </Text>
            <Title order={3} size="h4">
              {lesson.courseTitle}
            </Title>
            <Group gap={6}>
              {lesson.cancelled && (
                <Badge variant="light" color="gray" c="dark.7">
                  {t('cancelled')}
                </Badge>
              )}
              {lesson.substitute && (
                <Badge variant="light" color="blue" c="dark.7">
                  {t('substitute')}
                </Badge>
              )}
              {lesson.settled && (
                <Badge variant="light" color="green" c="dark.7">
                  {t('settledBadge')}
                </Badge>
              )}
            </Group>
          </Stack>
          {!lesson.cancelled && <EnterButton lesson={lesson} now={now} start={start} time={time} />}
        </Group>
        <Divider />
        <Text size="sm" fw={600}>
          {t('children')}
        </Text>
        {lesson.children.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('noChildren')}
          </Text>
        ) : (
          <Stack gap="md">
            {lesson.settled && !lesson.cancelled && (
              <Alert color="gray" variant="light">
                {t('settledHint')}
              </Alert>
            )}
            {lesson.children.map((child) => (
              <ChildRow
                key={child.lessonSn}
                child={child}
                markable={started && !lesson.cancelled}
                settled={lesson.settled}
              />
            ))}
            {!started && !lesson.cancelled && (
              <Text size="sm" c="gray.7">
                {t('markBeforeStart')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * "Enter classroom": open in the children's window (spec §4, the same rule as theirs). The tab
 * is opened on the click itself, so browsers do not block it as a pop-up, and sent to the room
 * once the server has recorded the entry and answered its URL.
 */
function EnterButton({
  lesson,
  now,
  start,
  time,
}: {
  lesson: TeachingClass;
  now: number;
  start: string;
  time: (at: string) => string;
}) {
  const { t } = useTranslation('teaching');
  const client = useQueryClient();
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const refusal = enterRefusal(
    {
      startMs: Date.parse(lesson.startsAt),
      endMs: Date.parse(lesson.endsAt),
      cancelled: lesson.cancelled,
      onLeave: false,
    },
    now,
  );
  const enter = useMutation({
    mutationFn: () => teachingApi.enter(lesson.lessonSn),
    onSettled: () => client.invalidateQueries({ queryKey: teachingKeys.all }),
  });

  const open = () => {
    setBlockedUrl(null);
    const tab = window.open('', '_blank');
    enter.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (!tab) return setBlockedUrl(url);
        // The room must not reach back into the console.
        tab.opener = null;
        tab.location.href = url;
      },
      onError: () => tab?.close(),
    });
  };

  return (
    <Stack gap={4} align="flex-end" maw={280}>
      <Button
        onClick={open}
        disabled={refusal !== undefined}
        loading={enter.isPending}
        aria-label={t('enterFor', { course: lesson.courseTitle, time: start })}
      >
        {t('enter')}
      </Button>
      {refusal && (
        <Text size="xs" c="gray.7" ta="right">
          {messageText(refusal)}
        </Text>
      )}
      {lesson.teacherEnteredAt && (
        <Text size="xs" c="gray.7" ta="right">
          {t('enteredAt', { time: time(lesson.teacherEnteredAt) })}
        </Text>
      )}
      {blockedUrl && (
        <Text size="xs" ta="right" role="status">
          {t('popupBlocked')}{' '}
          <Anchor href={blockedUrl} target="_blank" rel="noopener noreferrer">
            {t('openClassroom')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

function ChildRow({
  child,
  markable,
  settled,
}: {
  child: TeachingChild;
  markable: boolean;
  settled: boolean;
}) {
  const { t } = useTranslation('teaching');
  const away = child.onLeave || child.cancelled;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text fw={600}>{child.nickname}</Text>
        <Text size="sm" c="gray.7">
          {child.age === null ? t('ageUnknown') : t('age', { count: child.age })}
        </Text>
        {child.onLeave && (
          <Badge variant="light" color="yellow" c="dark.7">
            {t('onLeave')}
          </Badge>
        )}
        {child.cancelled && !child.onLeave && (
          <Badge variant="light" color="gray" c="dark.7">
            {t('childCancelled')}
          </Badge>
        )}
        {markable && !away && (
          <Badge variant="dot" color={child.entered ? 'green' : 'gray'} c="dark.7">
            {child.entered ? t('enteredRoom') : t('notEnteredRoom')}
          </Badge>
        )}
      </Group>
      {markable &&
        !away &&
        (settled ? <SettledMark child={child} /> : <AttendanceForm child={child} />)}
    </Stack>
  );
}

/** After the settlement: the mark as it stands (the teacher's, else the room's), read-only. */
function SettledMark({ child }: { child: TeachingChild }) {
  const { t } = useTranslation('teaching');
  return (
    <Stack gap={2}>
      <Text size="sm">
        {child.attendance
          ? t('markedAs', { mark: t(child.attendance) })
          : t('notMarked', { mark: t(child.entered ? 'attended' : 'absent') })}
      </Text>
      {child.note && (
        <Text size="sm" c="gray.7">
          {t('noteShown', { note: child.note })}
        </Text>
      )}
    </Stack>
  );
}
