import { Alert, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useDocumentTitle } from '@portal/web-kit/page';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberDeviceChecked } from '../utils/checked-at';
import type { Verdict } from '../utils/verdicts';
import { CameraCheck } from './camera-check';
import { MicrophoneCheck } from './microphone-check';
import { NetworkCheck } from './network-check';
import { SpeakerCheck } from './speaker-check';

type CheckName = 'camera' | 'microphone' | 'speaker' | 'network';
const CHECKS: CheckName[] = ['camera', 'microphone', 'speaker', 'network'];

/**
 * "Check my device" (issue #24): camera, microphone, speaker and network, each started by the
 * parent's press. Once all four have a result, this browser remembers the date, so the enter
 * flow stops offering the check for 30 days. Nothing is recorded or sent anywhere.
 */
export function DeviceCheckPage() {
  const { t } = useTranslation('device');
  useDocumentTitle(t('title'));
  const [results, setResults] = useState<Partial<Record<CheckName, Verdict>>>({});
  const allRun = CHECKS.every((name) => results[name]);
  // Read once: the page's security does not change while it is open.
  const [insecure] = useState(() => window.isSecureContext === false);

  // One stable callback per check, so a check's effect that reports its verdict runs only when
  // the verdict changes.
  const report = useMemo(() => {
    const forCheck = (name: CheckName) => (verdict: Verdict) =>
      setResults((before) => (before[name] === verdict ? before : { ...before, [name]: verdict }));
    return {
      camera: forCheck('camera'),
      microphone: forCheck('microphone'),
      speaker: forCheck('speaker'),
      network: forCheck('network'),
    };
  }, []);

  useEffect(() => {
    if (allRun) rememberDeviceChecked();
  }, [allRun]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('title')}</Title>
        <Text>{t('intro')}</Text>
        {insecure && (
          <Alert color="red" title={t('insecureTitle')} role="alert">
            {t('insecure')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CameraCheck onResult={report.camera} />
          <MicrophoneCheck onResult={report.microphone} />
          <SpeakerCheck onResult={report.speaker} />
          <NetworkCheck onResult={report.network} />
        </SimpleGrid>
        {allRun && (
          <Text role="status" fw={600} data-testid="device-check-done">
            {t('done')}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
