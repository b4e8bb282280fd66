import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/List.css';
import type { PlanLesson } from '@portal/shared/plan-actions';
import { PLAN_PAUSE_MAX_WEEKS, PLAN_PAUSE_MIN_WEEKS } from '@portal/shared/plan-actions';
import { notify } from '@portal/web-kit/notify';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  planActionsApi,
  planCancelPreviewQueryOptions,
  planPausePreviewQueryOptions,
} from '../api/plan-actions-api';
import { billingKey } from '../api/recharge-query';

type Dialog = 'cancel' | 'pause' | null;

/**
 * `MonthlyPassUser`'s own actions (issue #25): cancel at the period's end, or pause for 1–4
 * weeks once per period. Each dialog shows the server's preview first — the date the plan ends
 * or resumes, the lessons affected and what happens to credits — and confirms it.
 */
export function PlanActions() {
  const { t } = useTranslation('billing');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Button variant="default" onClick={() => setDialog('pause')}>
        {t('planPauseButton')}
      </Button>
      <Button variant="subtle" color="red" onClick={() => setDialog('cancel')}>
        {t('planCancelButton')}
      </Button>
      <Modal
        opened={dialog === 'cancel'}
        onClose={close}
        title={t('planCancelTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        {dialog === 'cancel' && <CancelDialog onDone={close} />}
      </Modal>
      <Modal
        opened={dialog === 'pause'}
        onClose={close}
        title={t('planPauseTitle')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        {dialog === 'pause' && <PauseDialog onDone={close} />}
      </Modal>
    </>
  );
}

function useDone(onDone: () => void, message: string) {
  const queryClient = useQueryClient();
  return () => {
    notify('green', message);
    void queryClient.invalidateQueries({ queryKey: billingKey('my-plans') });
    void queryClient.invalidateQueries({ queryKey: billingKey('plan-cancel-preview') });
    void queryClient.invalidateQueries({ queryKey: billingKey('plan-pause-preview') });
    onDone();
  };
}

function Lessons({ lessons, title }: { lessons: PlanLesson[]; title: string }) {
  const { t } = useTranslation('billing');
  if (lessons.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={2} aria-label={title}>
        {lessons.map((lesson) => (
          <List.Item key={lesson.lesson_sn}>
            {t('planLessonLine', {
              at: lesson.starts_at,
              child: lesson.child,
              course: lesson.course,
              count: lesson.credits,
            })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function CancelDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('billing');
  const preview = useQuery(planCancelPreviewQueryOptions());
  const done = useDone(onDone, t('planCancelDoneToast'));
  const cancel = useMutation({ mutationFn: planActionsApi.cancel, onSuccess: done });
  if (preview.isPending) return <Skeleton height={120} />;
  if (!preview.data) return <Alert color="yellow">{t('planActionsUnavailable')}</Alert>;
  const data = preview.data;
  return (
    <Stack gap="md" role="region" aria-label={t('planWhatHappens')}>
      <Title order={3} size="h5">
        {t('planWhatHappens')}
      </Title>
      {data.already_cancelled ? (
        <Alert color="blue">{t('planCancelAlready', { date: data.ends_at })}</Alert>
      ) : (
        <Text size="sm">{t('planCancelEnds', { date: data.ends_at })}</Text>
      )}
      <Lessons
        lessons={data.lessons_after}
        title={t('planCancelLessonsAfter', { count: data.credits_after })}
      />
      <Text size="sm">{t('planCancelCredits', { count: data.balance })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('planKeep')}
        </Button>
        <Button
          color="red.8"
          disabled={data.already_cancelled}
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {t('planCancelConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}

const WEEK_CHOICES = Array.from(
  { length: PLAN_PAUSE_MAX_WEEKS - PLAN_PAUSE_MIN_WEEKS + 1 },
  (_, index) => PLAN_PAUSE_MIN_WEEKS + index,
);

function PauseDialog({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('billing');
  const [weeks, setWeeks] = useState(1);
  const preview = useQuery(planPausePreviewQueryOptions(weeks));
  const done = useDone(onDone, t('planPauseDoneToast'));
  const pause = useMutation({ mutationFn: planActionsApi.pause, onSuccess: done });
  const data = preview.data;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('planPauseLength')}
        value={String(weeks)}
        onChange={(value) => setWeeks(Number(value))}
        data={WEEK_CHOICES.map((count) => ({
          value: String(count),
          label: t('planPauseWeeks', { count }),
        }))}
      />
      {preview.isPending ? (
        <Skeleton height={120} />
      ) : !data ? (
        <Alert color="yellow">{t('planActionsUnavailable')}</Alert>
      ) : (
        <Stack gap="sm" role="region" aria-label={t('planWhatHappens')}>
          <Title order={3} size="h5">
            {t('planWhatHappens')}
          </Title>
          {!data.can_pause && <Alert color="yellow">{data.reason}</Alert>}
          <Text size="sm">
            {t('planPauseSpan', { from: data.paused_from, until: data.resumes_at })}
          </Text>
          <Text size="sm">
            {t('planPauseEnds', { before: data.ends_at, after: data.new_ends_at })}
          </Text>
          {data.lessons.length > 0 ? (
            <Lessons lessons={data.lessons} title={t('planPauseLessons')} />
          ) : (
            <Text size="sm">{t('planPauseNoLessons')}</Text>
          )}
          <Text size="sm">
            {data.credits_back > 0
              ? t('planPauseCreditsBack', { count: data.credits_back })
              : t('planPauseNothingCharged')}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('planKeep')}
        </Button>
        <Button
          disabled={!data?.can_pause}
          loading={pause.isPending}
          onClick={() => pause.mutate(weeks)}
        >
          {t('planPauseConfirm', { count: weeks })}
        </Button>
      </Group>
    </Stack>
  );
}
