import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Image.css';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  countdownMs,
  enterRefusal,
  LESSON_STATUS,
  leaveRefusal,
  type ScheduledLesson,
} from '@portal/shared/lessons';
import dayjs from 'dayjs';
import { memo, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { messageText } from '../../../lib/i18n';
import { HoverHint } from '@portal/web-kit/hover-hint';
import { notify } from '@portal/web-kit/notify';
import { lessonsApi, refreshLessons } from '../api/lessons-api';
import { useDeviceCheckOffer } from '../utils/device-check-offer';
import { cardClock, hoursAndMinutes, statusKey, timingOf } from '../utils/lesson-timing';
import { MetaLine } from './meta-line';
import { TeacherLine } from './teacher-line';

const STATUS_COLORS: Record<string, string> = {
  status0: 'blue',
  status1: 'green',
  status2: 'gray',
  status3: 'red',
  statusLeave: 'yellow',
};

/**
 * Opens the lesson room in a new window. The window is opened during the click, before the
 * two calls, so pop-up blockers let it through; it is closed again when entry is refused.
 */
function useEnterLesson(lesson: ScheduledLesson) {
  return useMutation({
    mutationFn: async () => {
      const room = window.open('', '_blank');
      try {
        const ref = { lesson_sn: lesson.lesson_sn, student_sn: lesson.student_sn };
        const judged = await lessonsApi.judge(ref);
        if (!judged.is_class) {
          // Spec §8: is_class false shows the returned message as a warning.
          notify('yellow', judged.message);
          room?.close();
          return;
        }
        const { url } = await lessonsApi.enter(ref);
        if (room) {
          room.opener = null;
          room.location.href = url;
        } else {
          window.location.assign(url);
        }
      } catch (error) {
        room?.close();
        throw error;
      }
    },
  });
}

interface LessonCardProps {
  lesson: ScheduledLesson;
  now: number;
}

/**
 * Spec §2 "Lesson list card": one upcoming lesson with entry, countdown and leave. Leave is a
 * button of its own, and an action that is closed says why beside it; a cancelled lesson shows
 * its reason (issue #19). The lists
 * tick every second; a card is drawn again only when the lesson or its clock (`cardClock`)
 * changes, i.e. about once a minute, not 30 cards every second.
 */
export const LessonCard = memo(
  LessonCardView,
  (before: LessonCardProps, after: LessonCardProps) =>
    before.lesson === after.lesson &&
    cardClock(before.lesson, before.now) === cardClock(after.lesson, after.now),
);

function LessonCardView({ lesson, now }: LessonCardProps) {
  const { t } = useTranslation('lessons');
  const queryClient = useQueryClient();
  const [leaveOpen, leaveDialog] = useDisclosure(false);
  // The leave dialog is mounted at the first ask, not with every card: a closed Mantine Modal
  // still mounts its portal and ids, and each drew its card once more right after the page's
  // first paint (decision 053). Mounted closed, then opened, so that it returns focus on close.
  const [leaveMounted, setLeaveMounted] = useState(false);
  const openLeave = leaveDialog.open;
  useEffect(() => {
    if (leaveMounted) openLeave();
  }, [leaveMounted, openLeave]);
  const enter = useEnterLesson(lesson);
  const deviceOffer = useDeviceCheckOffer();
  const leave = useMutation({
    mutationFn: () =>
      lessonsApi.leave({ lesson_sn: lesson.lesson_sn, student_sn: lesson.student_sn }),
    onSuccess: async () => {
      leaveDialog.close();
      notify('green', t('leaveDone'));
      await refreshLessons(queryClient);
    },
  });
  const timing = timingOf(lesson);
  const refusal = enterRefusal(timing, now);
  const noLeave = leaveRefusal(timing, now);
  const enterWhyId = useId();
  const leaveWhyId = useId();
  const cancelled = lesson.status === LESSON_STATUS.cancelled;
  const onLeave = lesson.attends_status === 1;
  const left = countdownMs(timing.startMs, now);
  const status = statusKey(lesson, now);
  const date = dayjs(lesson.start_date).format(t('dateFormat'));
  const countdown = left === undefined ? undefined : hoursAndMinutes(left);
  // Issue #24: when the classroom is open and this browser has not run the device check lately,
  // the card offers it once; Enter stays usable ("enter now"), and entering counts as seen.
  const offerCheck = !cancelled && !onLeave && !refusal && deviceOffer.due;

  return (
    <Card withBorder radius="md" padding="md" data-testid="lesson-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {/* The title wraps on a narrow phone; the status keeps its whole word. */}
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
        <Badge color={STATUS_COLORS[status]} c="dark.8" variant="light" style={{ flexShrink: 0 }}>
          {t(status)}
        </Badge>
      </Group>

      <Stack gap={4} mt="sm">
        <MetaLine
          c={undefined}
          parts={[
            date,
            `${lesson.start_time}–${lesson.end_time}`,
            t('minutes', { count: lesson.duration }),
          ]}
        />
        {lesson.lesson_topic && (
          <Text size="sm" c="dimmed">
            {t('topic', { topic: lesson.lesson_topic })}
          </Text>
        )}
        <TeacherLine name={lesson.teacher_name} photo={lesson.teacher_photo} />
        {countdown && status === 'status0' && (
          <Text size="sm" c="brand.8" fw={600} role="timer">
            {countdown.hours > 0 ? t('startsIn', countdown) : t('startsInMinutes', countdown)}
          </Text>
        )}
      </Stack>

      <Group justify="space-between" mt="md" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Avatar src={lesson.student_avatar} alt="" size="sm" />
          <Text size="sm" truncate>
            {lesson.nickname}
          </Text>
        </Group>
        {!cancelled && !onLeave && (
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Button
              variant="default"
              size="xs"
              disabled={Boolean(noLeave)}
              onClick={() => (leaveMounted ? openLeave() : setLeaveMounted(true))}
              aria-describedby={noLeave ? leaveWhyId : undefined}
            >
              {t('askLeave')}
            </Button>
            <HoverHint label={refusal ? messageText(refusal) : t('enterHint')} withinPortal>
              <Button
                size="xs"
                disabled={Boolean(refusal)}
                loading={enter.isPending}
                onClick={() => {
                  if (offerCheck) deviceOffer.dismiss();
                  enter.mutate();
                }}
                aria-describedby={refusal ? enterWhyId : undefined}
              >
                {t('enter')}
              </Button>
            </HoverHint>
          </Group>
        )}
      </Group>

      {/* Why an action is closed, in words a phone shows too (no hover there). */}
      <Stack gap={2} mt="xs">
        {cancelled ? (
          <Text size="sm" c="red.8" data-testid="cancel-reason">
            {lesson.cancel_reason || messageText('enterCancelled')}
          </Text>
        ) : onLeave ? (
          <Text size="sm" c="dimmed">
            {t('onLeaveNote')}
          </Text>
        ) : (
          <>
            {noLeave && (
              <Text size="xs" c="dimmed" id={leaveWhyId}>
                {messageText(noLeave)}
              </Text>
            )}
            {refusal && (
              <Text size="xs" c="dimmed" id={enterWhyId}>
                {messageText(refusal)}
              </Text>
            )}
            {offerCheck ? (
              <Paper bg="brand.0" p="xs" radius="sm" mt={4} data-testid="device-check-offer">
                <Text size="sm" fw={600}>
                  {t('lessonCard.offerQuestion', { ns: 'device' })}
                </Text>
                <Text size="sm">{t('lessonCard.offer', { ns: 'device' })}</Text>
                <Group gap="md" mt={4}>
                  <Anchor
                    component={Link}
                    to={paths.home.deviceCheck}
                    size="sm"
                    fw={600}
                    c="brand.9"
                  >
                    {t('lessonCard.offerLink', { ns: 'device' })}
                  </Anchor>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    c="brand.9"
                    onClick={deviceOffer.dismiss}
                  >
                    {t('lessonCard.notNow', { ns: 'device' })}
                  </Button>
                </Group>
              </Paper>
            ) : (
              <Anchor component={Link} to={paths.home.deviceCheck} size="xs">
                {t('lessonCard.link', { ns: 'device' })}
              </Anchor>
            )}
          </>
        )}
      </Stack>

      {leaveMounted && (
        <Modal
          opened={leaveOpen}
          onClose={leaveDialog.close}
          title={t('leaveTitle')}
          closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
        >
          <Text mb="xs">
            {t('leaveQuestion', { subject: lesson.subject_title, date, time: lesson.start_time })}
          </Text>
          <Stack mb="xs">
            <TeacherLine name={lesson.teacher_name} photo={lesson.teacher_photo} />
          </Stack>
          <Text size="sm" c="dimmed" mb="md">
            {lesson.required_credit > 0
              ? t('leaveCredits', { count: lesson.required_credit })
              : t('leaveCovered')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={leaveDialog.close}>
              {t('no', { ns: 'common' })}
            </Button>
            <Button loading={leave.isPending} onClick={() => leave.mutate()}>
              {t('yesLeave')}
            </Button>
          </Group>
        </Modal>
      )}
    </Card>
  );
}
