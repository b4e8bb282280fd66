import type { Language } from '@portal/shared/i18n';
import { addStaffMessages } from '@portal/shared/staff';
import { setLanguageBundles, type LanguageFiles } from '@portal/web-kit/i18n';
import type { FeatureTexts } from './texts';

// The server's staff messages join the shared catalogue here (the parents' app leaves them out):
// form feedback matches an answer's msg against them.
addStaffMessages();

/**
 * Every namespace of the console and the module that holds its texts: the frame's `common`, then
 * one line per feature (`features/<feature>/texts.ts`, namespace = the feature's folder name).
 * Each module holds both languages; all are fetched in parallel before the first screen renders.
 */
const NAMESPACES: Record<string, () => Promise<{ texts: FeatureTexts }>> = {
  common: () => import('./common-texts'),
  auth: () => import('../features/auth/texts'),
  account: () => import('../features/account/texts'),
  staff: () => import('../features/staff/texts'),
  dashboard: () => import('../features/dashboard/texts'),
  families: () => import('../features/families/texts'),
  audit: () => import('../features/audit/texts'),
  teaching: () => import('../features/teaching/texts'),
  teachers: () => import('../features/teachers/texts'),
  timetable: () => import('../features/timetable/texts'),
  catalogue: () => import('../features/catalogue/texts'),
  orders: () => import('../features/orders/texts'),
  prices: () => import('../features/prices/texts'),
  books: () => import('../features/books/texts'),
};

/** One language's texts in the shape web-kit's i18n set-up loads (`{'./<namespace>.json': …}`). */
async function languageFiles(language: Language): Promise<{ default: LanguageFiles }> {
  const entries = await Promise.all(
    Object.entries(NAMESPACES).map(async ([namespace, load]) => {
      const { texts } = await load();
      return [`./${namespace}.json`, { default: texts[language] }] as const;
    }),
  );
  return { default: Object.fromEntries(entries) as LanguageFiles };
}

setLanguageBundles({ en: () => languageFiles('en'), zh_CN: () => languageFiles('zh_CN') });

export {
  changeLanguage,
  currentLanguage,
  i18n,
  initialLanguage,
  loadLanguage,
  messageText,
} from '@portal/web-kit/i18n';
