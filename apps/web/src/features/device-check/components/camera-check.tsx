import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaStream } from '../hooks/use-media-stream';
import type { Verdict } from '../utils/verdicts';
import { CheckAdvice, CheckCard } from './check-card';

const CONSTRAINTS: MediaStreamConstraints = { video: true, audio: false };

/** Camera: a live preview once the parent presses the button; the picture never leaves the page. */
export function CameraCheck({ onResult }: { onResult: (verdict: Verdict) => void }) {
  const { t } = useTranslation('device');
  const { state, start } = useMediaStream(CONSTRAINTS);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stream = state.status === 'live' ? state.stream : null;
  const verdict: Verdict | undefined =
    state.status === 'live' ? 'pass' : state.status === 'failed' ? 'fail' : undefined;

  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (verdict) onResult(verdict);
  }, [verdict, onResult]);

  return (
    <CheckCard name="camera" title={t('camera.title')} verdict={verdict}>
      {stream && (
        // muted + playsInline: mobile Safari plays a preview inline only then.
        <video
          ref={videoRef}
          autoPlay
          muted
          playsInline
          aria-label={t('camera.preview')}
          style={{ width: '100%', maxWidth: 360, borderRadius: 8, background: '#000' }}
        />
      )}
      {state.status === 'asking' && <CheckAdvice>{t('asking')}</CheckAdvice>}
      {state.status === 'live' && <CheckAdvice verdict="pass">{t('camera.pass')}</CheckAdvice>}
      {state.status === 'failed' && (
        <CheckAdvice verdict="fail">{t(`camera.problem.${state.problem}`)}</CheckAdvice>
      )}
      <div>
        <Button variant={verdict ? 'default' : 'filled'} onClick={() => void start()}>
          {verdict ? t('testAgain') : t('camera.start')}
        </Button>
      </div>
    </CheckCard>
  );
}
