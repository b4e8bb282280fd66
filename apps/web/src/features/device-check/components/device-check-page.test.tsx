import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { storage } from '../../../lib/storage';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { DEVICE_CHECKED_AT_KEY } from '../utils/checked-at';
import { PAYLOAD_KB } from '../utils/verdicts';
import { DeviceCheckPage } from './device-check-page';

/*
 * The device check (issue #24) with navigator.mediaDevices mocked: each failure of getUserMedia
 * says what to do, an insecure page says so before asking, tracks stop when the page is left,
 * and the date is remembered once all four checks have a result.
 */

const card = (name: string) => screen.getByTestId(`check-${name}`);
const verdictOf = (name: string) => within(card(name)).getByTestId('verdict');

function fakeStream() {
  const track = { stop: vi.fn(), kind: 'video' };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

function mockGetUserMedia(impl: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  const getUserMedia = vi.fn(impl);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  return getUserMedia;
}

// The payload the server sends: a smaller one made the measured speed hang on a few ms of the
// test machine's time (1 KB in over 5.5 ms read as slow, and the verdict flaked under load).
const networkAnswers = () =>
  stubFetch((url) =>
    url.includes('/api/deviceCheck/ping')
      ? { body: { code: 200, msg: 'ok', data: { t: 1 } } }
      : { body: 'x'.repeat(PAYLOAD_KB * 1024) },
  );

// jsdom checks `srcObject` against a MediaStream class it does not have: keep the value as given.
const srcObjects = new WeakMap<HTMLMediaElement, unknown>();
Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
  configurable: true,
  get(this: HTMLMediaElement) {
    return srcObjects.get(this) ?? null;
  },
  set(this: HTMLMediaElement, value: unknown) {
    srcObjects.set(this, value);
  },
});

describe('Check my device (issue #24)', () => {
  beforeEach(() => {
    storage.setToken('test-token');
    window.localStorage.removeItem(DEVICE_CHECKED_AT_KEY);
  });
  afterEach(() => {
    changeLanguage('en');
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('asks for the camera only on the press, shows it working and stops it when left', async () => {
    const { stream, track } = fakeStream();
    const getUserMedia = mockGetUserMedia(async () => stream);
    const { unmount } = renderWithProviders(<DeviceCheckPage />);
    expect(screen.getByRole('heading', { name: 'Check my device', level: 1 })).toBeVisible();
    expect(screen.getByText(/Nothing is recorded or uploaded/)).toBeVisible();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(verdictOf('camera')).toHaveTextContent('Not checked');

    await userEvent.click(screen.getByRole('button', { name: 'Test camera' }));
    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: false });
    await waitFor(() => expect(verdictOf('camera')).toHaveTextContent('Working'));
    const preview = screen.getByLabelText<HTMLVideoElement>('Camera preview');
    expect(preview.srcObject).toBe(stream);
    expect(preview.muted).toBe(true);
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it('says how to allow the camera when permission is denied', async () => {
    mockGetUserMedia(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    renderWithProviders(<DeviceCheckPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Test camera' }));
    await waitFor(() => expect(verdictOf('camera')).toHaveTextContent('Not working'));
    expect(within(card('camera')).getByRole('status')).toHaveTextContent(
      /set Camera to Allow, then test again/,
    );
  });

  it('says no microphone was found, in Chinese too', async () => {
    await changeLanguage('zh_CN');
    mockGetUserMedia(async () => {
      throw new DOMException('Requested device not found', 'NotFoundError');
    });
    renderWithProviders(<DeviceCheckPage />);
    await userEvent.click(screen.getByRole('button', { name: '检测麦克风' }));
    await waitFor(() => expect(verdictOf('microphone')).toHaveTextContent('不可用'));
    expect(within(card('microphone')).getByRole('status')).toHaveTextContent(
      '未找到麦克风。请连接麦克风或耳机，然后重新检测。',
    );
  });

  it('on a page that is not secure says so and does not ask for the camera', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    const getUserMedia = mockGetUserMedia(async () => fakeStream().stream);
    renderWithProviders(<DeviceCheckPage />);
    expect(screen.getByRole('alert')).toHaveTextContent(/only localhost is an exception/);
    await userEvent.click(screen.getByRole('button', { name: 'Test camera' }));
    await waitFor(() => expect(verdictOf('camera')).toHaveTextContent('Not working'));
    expect(within(card('camera')).getByRole('status')).toHaveTextContent(
      'The camera works only on a secure page (https://).',
    );
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('measures the network against our server without the cache, with the thresholds shown', async () => {
    const calls = networkAnswers();
    renderWithProviders(<DeviceCheckPage />);
    expect(card('network')).toHaveTextContent(
      'a round trip under 300 ms and a download over 1.5 Mbit/s. Under 800 ms and over 0.6 Mbit/s',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Test network' }));
    await waitFor(() => expect(verdictOf('network')).toHaveTextContent('Working'));
    expect(screen.getByTestId('network-result')).toHaveTextContent(
      /^Round trip \d+ ms, download [\d.]+ Mbit\/s\.$/,
    );
    expect(calls.map((call) => call.url)).toEqual([
      ...Array<string>(5).fill('/api/deviceCheck/ping'),
      '/api/deviceCheck/payload?kb=512',
    ]);
    for (const call of calls) {
      expect(call.init?.cache).toBe('no-store');
      expect(new Headers(call.init?.headers).get('authorization')).toBe('Bearer test-token');
    }
  });

  it('says the server could not be reached when the measurement fails', async () => {
    stubFetch(() => ({ status: 503, body: { code: 503, msg: '', data: null } }));
    renderWithProviders(<DeviceCheckPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Test network' }));
    await waitFor(() => expect(verdictOf('network')).toHaveTextContent('Not working'));
    expect(card('network')).toHaveTextContent('We could not reach our server.');
  });

  it('remembers the date in this browser once all four checks have a result', async () => {
    mockGetUserMedia(async (constraints) => {
      if (constraints.audio) throw new DOMException('none', 'NotFoundError');
      return fakeStream().stream;
    });
    networkAnswers();
    renderWithProviders(<DeviceCheckPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Test camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Test microphone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Test network' }));
    await waitFor(() => expect(verdictOf('network')).toHaveTextContent('Working'));
    expect(window.localStorage.getItem(DEVICE_CHECKED_AT_KEY)).toBeNull();
    // jsdom has no Web Audio: the speaker check says the browser cannot play the sound.
    await userEvent.click(screen.getByRole('button', { name: 'Play test sound' }));
    expect(verdictOf('speaker')).toHaveTextContent('Not working');
    expect(await screen.findByTestId('device-check-done')).toHaveTextContent(
      'All checks have run.',
    );
    expect(Date.parse(window.localStorage.getItem(DEVICE_CHECKED_AT_KEY) ?? '')).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('plays the tone and takes the parent’s answer', async () => {
    const started = vi.fn();
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      resume = vi.fn(async () => undefined);
      close = vi.fn(async () => undefined);
      createOscillator() {
        return {
          frequency: { value: 0 },
          connect: vi.fn(),
          disconnect: vi.fn(),
          start: started,
          stop: vi.fn(),
          onended: null,
        };
      }
      createGain() {
        return {
          gain: {
            value: 1,
            setValueAtTime: vi.fn(),
            linearRampToValueAtTime: vi.fn(),
          },
          connect: vi.fn(),
          disconnect: vi.fn(),
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    try {
      renderWithProviders(<DeviceCheckPage />);
      await userEvent.click(screen.getByRole('button', { name: 'Play test sound' }));
      expect(started).toHaveBeenCalled();
      expect(screen.getByText('Did you hear the sound?')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'I did not' }));
      expect(verdictOf('speaker')).toHaveTextContent('Not working');
      expect(card('speaker')).toHaveTextContent(/Turn the volume up/);
      await userEvent.click(screen.getByRole('button', { name: 'Play again' }));
      await userEvent.click(screen.getByRole('button', { name: 'I heard it' }));
      expect(verdictOf('speaker')).toHaveTextContent('Working');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
