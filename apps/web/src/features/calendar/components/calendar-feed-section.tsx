import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@portal/web-kit/notify';
import { formatDate } from '@portal/web-kit/time';
import { calendarFeedApi, calendarFeedQueryOptions } from '../api/calendar-feed-api';

/**
 * Profile → "Calendar" (issue #24): the family's private iCalendar link. The server keeps only
 * the token's hash, so the URL can be shown only in the answer that made it; afterwards the
 * section says since when a link is active and offers a reset (the old one stops at once).
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const status = useQuery(calendarFeedQueryOptions());
  const [confirming, setConfirming] = useState(false);
  const create = useMutation({
    mutationFn: calendarFeedApi.create,
    onSuccess: (link) => {
      notify('green', t(status.data?.active ? 'resetDone' : 'created'));
      queryClient.setQueryData(calendarFeedQueryOptions().queryKey, {
        active: true,
        created_at: link.created_at,
      });
      setConfirming(false);
    },
  });
  const link = create.data;
  const active = status.data?.active ?? false;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="calendar-feed-heading">
      <Title order={2} size="h4" id="calendar-feed-heading" mb="sm">
        {t('title')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        {link ? (
          <Stack gap="xs" data-testid="calendar-feed-link">
            <Group align="flex-end" wrap="wrap" gap="xs">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                label={t('linkLabel')}
                value={link.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? t('copied') : t('copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <div>
              <Button component="a" href={link.webcal_url}>
                {t('addToCalendar')}
              </Button>
            </div>
            <Alert color="yellow" variant="light" title={t('privateTitle')}>
              {t('privateNote')}
            </Alert>
          </Stack>
        ) : (
          status.data?.active && (
            <Text size="sm" role="status" data-testid="calendar-feed-status">
              {t('activeSince', { date: formatDate(status.data.created_at, 'date') })}{' '}
              {t('shownOnce')}
            </Text>
          )
        )}
        <div>
          {active ? (
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t('reset')}
            </Button>
          ) : (
            <Button
              onClick={() => create.mutate()}
              loading={create.isPending}
              disabled={status.isPending}
            >
              {t('create')}
            </Button>
          )}
        </div>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('resetConfirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('close', { ns: 'common' }) }}
      >
        <Stack gap="md">
          <Text size="sm">{t('resetConfirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button color="red.8" onClick={() => create.mutate()} loading={create.isPending}>
              {t('resetConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
