import { useCallback, useEffect, useRef, useState } from 'react';
import { mediaProblemOf, mediaUnavailable, type MediaProblem } from '../utils/verdicts';

type State =
  | { status: 'idle' }
  | { status: 'asking' }
  | { status: 'live'; stream: MediaStream }
  | { status: 'failed'; problem: MediaProblem };

/**
 * A camera or microphone stream opened by `start` — called from a button press, because mobile
 * Safari grants getUserMedia only inside a user gesture. Every track is stopped when the page is
 * left (or `start` runs again), so the camera light goes off; nothing is recorded or sent.
 */
export function useMediaStream(constraints: MediaStreamConstraints) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const streamRef = useRef<MediaStream | null>(null);
  const constraintsRef = useRef(constraints);

  const aliveRef = useRef(true);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  useEffect(() => {
    aliveRef.current = true;
    return () => {
      aliveRef.current = false;
      stop();
    };
  }, [stop]);

  const start = useCallback(async () => {
    stop();
    const unavailable = mediaUnavailable();
    if (unavailable) {
      setState({ status: 'failed', problem: unavailable });
      return;
    }
    setState({ status: 'asking' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia(constraintsRef.current);
      // The parent may have left while the browser asked: do not leave the camera on.
      if (!aliveRef.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      setState({ status: 'live', stream });
    } catch (error) {
      setState({ status: 'failed', problem: mediaProblemOf(error) });
    }
  }, [stop]);

  return { state, start };
}
