import { Button, Group } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newAudioContext } from '../utils/audio';
import type { Verdict } from '../utils/verdicts';
import { CheckAdvice, CheckCard } from './check-card';

/** The test sound: a 440 Hz tone for 1.5 s at a fifth of full volume, gently faded in and out. */
const TONE_HZ = 440;
const TONE_SECONDS = 1.5;
const TONE_GAIN = 0.2;

/**
 * Speaker: only the parent can tell whether a sound came out, so they answer "I heard it" or
 * "I did not" after the tone. The tone starts from the button press (browsers play sound only
 * after a gesture).
 */
export function SpeakerCheck({ onResult }: { onResult: (verdict: Verdict) => void }) {
  const { t } = useTranslation('device');
  const audioRef = useRef<AudioContext | null>(null);
  const [played, setPlayed] = useState(false);
  const [unsupported, setUnsupported] = useState(false);
  const [verdict, setVerdict] = useState<Verdict>();

  useEffect(
    () => () => {
      void audioRef.current?.close();
    },
    [],
  );

  const play = () => {
    if (!audioRef.current) audioRef.current = newAudioContext();
    const audio = audioRef.current;
    if (!audio) {
      setUnsupported(true);
      setVerdict('fail');
      onResult('fail');
      return;
    }
    void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = TONE_HZ;
    const at = audio.currentTime;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(TONE_GAIN, at + 0.05);
    gain.gain.setValueAtTime(TONE_GAIN, at + TONE_SECONDS - 0.1);
    gain.gain.linearRampToValueAtTime(0, at + TONE_SECONDS);
    oscillator.connect(gain);
    gain.connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + TONE_SECONDS);
    oscillator.onended = () => {
      oscillator.disconnect();
      gain.disconnect();
    };
    setPlayed(true);
    setVerdict(undefined);
  };

  const answer = (heard: boolean) => {
    const result: Verdict = heard ? 'pass' : 'fail';
    setVerdict(result);
    onResult(result);
  };

  return (
    <CheckCard name="speaker" title={t('speaker.title')} verdict={verdict}>
      {unsupported ? (
        <CheckAdvice verdict="fail">{t('speaker.unsupported')}</CheckAdvice>
      ) : verdict ? (
        <CheckAdvice verdict={verdict}>
          {verdict === 'pass' ? t('speaker.pass') : t('speaker.fail')}
        </CheckAdvice>
      ) : (
        played && <CheckAdvice>{t('speaker.question')}</CheckAdvice>
      )}
      <Group gap="xs">
        <Button variant={played ? 'default' : 'filled'} onClick={play}>
          {played ? t('speaker.again') : t('speaker.start')}
        </Button>
        {played && !verdict && (
          <>
            <Button variant="light" color="green" c="dark.8" onClick={() => answer(true)}>
              {t('speaker.heard')}
            </Button>
            <Button variant="light" color="red" c="dark.8" onClick={() => answer(false)}>
              {t('speaker.notHeard')}
            </Button>
          </>
        )}
      </Group>
    </CheckCard>
  );
}
