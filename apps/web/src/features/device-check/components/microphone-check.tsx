import { Button, Progress } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaStream } from '../hooks/use-media-stream';
import type { Verdict } from '../utils/verdicts';
import { newAudioContext } from '../utils/audio';
import { CheckAdvice, CheckCard } from './check-card';

const CONSTRAINTS: MediaStreamConstraints = { audio: true, video: false };
/** RMS level (of full scale 1) above which we count the microphone as hearing something. */
const HEARD_LEVEL = 0.01;
/** How long we listen for a sound before saying the microphone seems silent. */
const SILENCE_MS = 8000;

/** Microphone: a level meter from a Web Audio AnalyserNode; nothing is recorded. */
export function MicrophoneCheck({ onResult }: { onResult: (verdict: Verdict) => void }) {
  const { t } = useTranslation('device');
  const { state, start } = useMediaStream(CONSTRAINTS);
  const audioRef = useRef<AudioContext | null>(null);
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  const [silent, setSilent] = useState(false);
  const stream = state.status === 'live' ? state.stream : null;

  useEffect(() => {
    const audio = audioRef.current;
    if (!stream || !audio) return;
    const source = audio.createMediaStreamSource(stream);
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    // Through a silent gain to the output: WebKit runs an analyser only when it is pulled.
    const mute = audio.createGain();
    mute.gain.value = 0;
    source.connect(analyser);
    analyser.connect(mute);
    mute.connect(audio.destination);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    const tick = () => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(100, Math.round(rms * 400)));
      if (rms > HEARD_LEVEL) setHeard(true);
      frame = requestAnimationFrame(tick);
    };
    tick();
    const silence = window.setTimeout(() => setSilent(true), SILENCE_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(silence);
      source.disconnect();
      analyser.disconnect();
      mute.disconnect();
    };
  }, [stream]);

  useEffect(
    () => () => {
      void audioRef.current?.close();
    },
    [],
  );

  const verdict: Verdict | undefined =
    state.status === 'failed'
      ? 'fail'
      : state.status === 'live' && heard
        ? 'pass'
        : state.status === 'live' && silent
          ? 'warn'
          : undefined;

  useEffect(() => {
    if (verdict) onResult(verdict);
  }, [verdict, onResult]);

  const begin = () => {
    // Made during the press: Safari starts an AudioContext made outside a gesture suspended.
    if (!audioRef.current) audioRef.current = newAudioContext();
    void audioRef.current?.resume();
    setHeard(false);
    setSilent(false);
    void start();
  };

  return (
    <CheckCard name="microphone" title={t('microphone.title')} verdict={verdict}>
      {stream && (
        <Progress
          value={level}
          size="lg"
          color={heard ? 'green' : 'gray'}
          aria-label={t('microphone.level')}
          transitionDuration={0}
        />
      )}
      {state.status === 'asking' && <CheckAdvice>{t('asking')}</CheckAdvice>}
      {state.status === 'live' && (
        <CheckAdvice verdict={verdict}>
          {heard ? t('microphone.pass') : silent ? t('microphone.warn') : t('microphone.listening')}
        </CheckAdvice>
      )}
      {state.status === 'failed' && (
        <CheckAdvice verdict="fail">{t(`microphone.problem.${state.problem}`)}</CheckAdvice>
      )}
      <div>
        <Button variant={verdict ? 'default' : 'filled'} onClick={begin}>
          {verdict ? t('testAgain') : t('microphone.start')}
        </Button>
      </div>
    </CheckCard>
  );
}
