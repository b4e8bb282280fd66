import 'altcha/external';
import 'altcha/altcha.css';
import './captcha-widget.css';
import 'altcha/i18n/zh-cn';
import type {} from 'altcha/types/react';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import { currentLanguage } from '../../lib/i18n';
import { CaptchaChallengeSchema } from '@portal/shared/onboarding';
import { api } from '../../lib/api-client';
import type { Captcha, CaptchaWidget as Widget } from './use-captcha';

// Loaded only by the screens that show the check (decision 041). `altcha/external` brings no
// inlined worker or style: the proof of work runs in a worker file of our own origin, which the
// CSP's script-src 'self' allows, and the style is a stylesheet.
$altcha.algorithms.set('SHA-256', () => new ShaWorker());
$altcha.defaults.set({
  // The brand line and logo would be the only English (and the only outside link) on a Chinese
  // page; the check itself is self-hosted.
  hideFooter: true,
  hideLogo: true,
  // The challenge comes through the API client: its envelope, language and error handling.
  fetch: async () => {
    const challenge = await api.get('/api/captcha', { schema: CaptchaChallengeSchema });
    return new Response(JSON.stringify(challenge), {
      headers: { 'content-type': 'application/json' },
    });
  },
});

type WidgetElement = HTMLElement & Partial<Widget>;

/** ALTCHA's widget, in the page's language, reporting to `captcha` (use-captcha.ts). */
export function CaptchaWidget({ captcha }: { captcha: Captcha }) {
  const ref = useRef<WidgetElement>(null);
  const { attach, report } = captcha;
  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>)
        .detail;
      report(state, payload);
    };
    widget.addEventListener('statechange', onState);
    // The element's methods exist once its component is created, a moment after mounting.
    let detach: (() => void) | undefined;
    const attachWhenReady = () => {
      if (detach || typeof widget.verify !== 'function' || typeof widget.reset !== 'function')
        return;
      detach = attach({ verify: () => widget.verify!(), reset: () => widget.reset!() });
    };
    const onLoad = () => queueMicrotask(attachWhenReady);
    widget.addEventListener('load', onLoad);
    attachWhenReady();
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.removeEventListener('load', onLoad);
      detach?.();
    };
  }, [attach, report]);
  return (
    <altcha-widget
      ref={ref}
      challenge="/api/captcha"
      language={currentLanguage() === 'zh_CN' ? 'zh-cn' : 'en'}
    />
  );
}
