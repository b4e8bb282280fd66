import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { measureNetwork } from '../api/network-check';
import {
  RTT_PASS_MS,
  RTT_WARN_MS,
  SPEED_PASS_MBPS,
  SPEED_WARN_MBPS,
  type Verdict,
} from '../utils/verdicts';
import { CheckAdvice, CheckCard } from './check-card';

/** Network: round trip and download speed against our own server, with the thresholds shown. */
export function NetworkCheck({ onResult }: { onResult: (verdict: Verdict) => void }) {
  const { t } = useTranslation('device');
  const measure = useMutation({
    mutationFn: measureNetwork,
    onSuccess: (result) => onResult(result.verdict),
    onError: () => onResult('fail'),
  });
  const result = measure.data;
  const verdict: Verdict | undefined = measure.isPending
    ? undefined
    : measure.isError
      ? 'fail'
      : result?.verdict;

  return (
    <CheckCard name="network" title={t('network.title')} verdict={verdict}>
      <CheckAdvice>
        {t('network.thresholds', {
          rttPass: RTT_PASS_MS,
          rttWarn: RTT_WARN_MS,
          speedPass: SPEED_PASS_MBPS,
          speedWarn: SPEED_WARN_MBPS,
        })}
      </CheckAdvice>
      {measure.isPending && <CheckAdvice>{t('network.running')}</CheckAdvice>}
      {measure.isError && <CheckAdvice verdict="fail">{t('network.error')}</CheckAdvice>}
      {result && !measure.isPending && (
        <CheckAdvice verdict={result.verdict}>
          <span data-testid="network-result">
            {t('network.result', {
              rtt: Math.round(result.rttMs),
              speed: result.mbps.toFixed(1),
            })}
          </span>{' '}
          {t(`network.${result.verdict}`)}
        </CheckAdvice>
      )}
      <div>
        <Button
          variant={verdict ? 'default' : 'filled'}
          loading={measure.isPending}
          onClick={() => measure.mutate()}
        >
          {verdict ? t('testAgain') : t('network.start')}
        </Button>
      </div>
    </CheckCard>
  );
}
