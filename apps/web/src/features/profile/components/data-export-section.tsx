import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '@portal/web-kit/notify';
import { formatDate } from '@portal/web-kit/time';
import { currentLanguage } from '../../../lib/i18n';
import { dataExportApi, dataExportQueryOptions } from '../api/data-export-api';

/**
 * Profile → "Download my data" (issue #25): asks for a copy of the family's data, which the
 * server builds in the background and sends as a single-use link (7 days) to the saved e-mail.
 */
export function DataExportSection({ hasEmail }: { hasEmail: boolean }) {
  const { t } = useTranslation('profile');
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const latest = useQuery(dataExportQueryOptions());
  const request = useMutation({
    mutationFn: dataExportApi.request,
    onSuccess: (data) => {
      notify('green', t('dataExport.requested'));
      queryClient.setQueryData(dataExportQueryOptions().queryKey, data);
    },
  });
  const current = latest.data;
  const busy = current?.status === 'queued' || current?.status === 'building';
  const date = (value: string | null) => formatDate(value, 'date', language);

  return (
    <Stack gap="sm">
      <Text size="sm">{t('dataExport.intro')}</Text>
      {current && (
        <Text size="sm" role="status" data-testid="data-export-status">
          {busy && t('dataExport.statusBuilding')}
          {current.status === 'ready' &&
            t('dataExport.statusReady', { date: date(current.expires_at) })}
          {current.status === 'downloaded' &&
            t('dataExport.statusDownloaded', { date: date(current.downloaded_at) })}
          {current.status === 'expired' && t('dataExport.statusExpired')}
          {current.status === 'failed' && t('dataExport.statusFailed')}
        </Text>
      )}
      {!hasEmail && (
        <Text size="sm" c="red.8">
          {t('dataExport.emailNeeded')}
        </Text>
      )}
      <div>
        <Button
          variant="default"
          onClick={() => request.mutate()}
          loading={request.isPending}
          disabled={!hasEmail || busy}
        >
          {t('dataExport.button')}
        </Button>
      </div>
    </Stack>
  );
}
