import { setLanguageBundles } from '@portal/web-kit/i18n';

// The parents' texts (`locales/<language>/*.json`, one namespace per feature): each language is
// one chunk, fetched when the language is first used, so a visitor downloads only their own.
// The i18n set-up itself is the kit's (packages/web-kit/src/i18n), shared with the console.
setLanguageBundles({
  en: () => import('../locales/en/index'),
  zh_CN: () => import('../locales/zh_CN/index'),
});

export {
  changeLanguage,
  currentLanguage,
  HTML_LANG,
  i18n,
  initialLanguage,
  loadLanguage,
  messageText,
} from '@portal/web-kit/i18n';
