import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ClassChild, ClassRow } from '@portal/shared/staff';
import { FormAlert, useFormFeedback } from '@portal/web-kit/forms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { afterLessonChange, timetableApi } from '../api';
import { useNow } from '../../../lib/use-now';
import { ClassSummary } from './class-summary';
import { LessonStatusBadge } from './status-badges';

type Mark = 'attended' | 'absent';

/**
 * An admin's attendance marks, one child at a time (the teacher's own screen calls the same
 * rule). A mark overrides the room's record until the lesson is settled; after that the server
 * refuses and points to a credit correction on the family's page.
 */
export function AttendanceDialog({ row, onClose }: { row: ClassRow | null; onClose: () => void }) {
  const { t } = useTranslation('timetable');
  return (
    <Dialog opened={row !== null} onClose={onClose} title={t('attendance.title')}>
      {row && (
        <Stack gap="md">
          <ClassSummary row={row} />
          <Text size="sm" c="gray.7">
            {t('attendance.explain')}
          </Text>
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {row.children.map((child) => (
                <ChildMark key={child.lessonSn} row={row} child={child} />
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('close', { ns: 'common' })}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}

function ChildMark({ row, child }: { row: ClassRow; child: ClassChild }) {
  const { t } = useTranslation('timetable');
  const client = useQueryClient();
  // No fields: the form's feedback shows the server's refusal beside this child.
  const form = useForm();
  const feedback = useFormFeedback(form, { order: [] });
  const mark = useMutation({
    mutationFn: (attendance: Mark) => timetableApi.markAttendance(child.lessonSn, { attendance }),
    onSuccess: (_answer, attendance) => {
      feedback.onSuccess(t(`attendance.saved.${attendance}`, { name: child.nickname }));
      afterLessonChange(client, [child.userSn]);
    },
    onError: feedback.onError,
  });
  const now = useNow();
  const started = Date.parse(row.startsAt) <= now;
  // Shown at once, before the list comes back with it.
  const current = mark.isSuccess ? mark.variables : child.attendance;
  const disabled = !started || child.settled || mark.isPending;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {child.nickname}
          </Text>
          <Group gap={6}>
            <LessonStatusBadge status={child.status} />
            <Text size="xs" c="gray.7">
              {child.entered ? t('attendance.entered') : t('attendance.notEntered')}
            </Text>
          </Group>
          {child.settled && (
            <Text size="xs" c="gray.7">
              {t('attendance.settled')}
            </Text>
          )}
          {!started && (
            <Text size="xs" c="gray.7">
              {t('attendance.notStarted')}
            </Text>
          )}
          <FormAlert {...feedback.alert} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group
          gap={4}
          justify="flex-end"
          wrap="nowrap"
          role="group"
          aria-label={t('attendance.markOf', { name: child.nickname })}
        >
          {(['attended', 'absent'] as const).map((value) => (
            <Button
              key={value}
              size="compact-sm"
              variant={current === value ? 'filled' : 'default'}
              color={value === 'absent' && current === value ? 'red.8' : undefined}
              aria-pressed={current === value}
              disabled={disabled}
              loading={mark.isPending && mark.variables === value}
              onClick={() => mark.mutate(value)}
            >
              {t(`attendance.${value}`)}
            </Button>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
