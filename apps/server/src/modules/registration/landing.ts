import type { Language } from '@portal/shared/i18n';
import type { ShareImages } from '@portal/shared/onboarding';

/**
 * The share landing page's pictures and background colour (spec §3 Share image response). The
 * pictures ship with the web app under /img/landing/ and carry text, so each language has its
 * own set, which the edge picks by the request's language; changing the campaign is a release,
 * like any other copy (decision 020). "How it works" is text on the page itself, not a picture
 * (issue #19, decision 036).
 */
export const SHARE_PAGE: Record<Language, ShareImages> = {
  en: {
    list: ['/img/landing/trial-en.svg'],
    colour: '#fff1e6',
  },
  zh_CN: {
    list: ['/img/landing/trial-zh.svg'],
    colour: '#fff1e6',
  },
};
