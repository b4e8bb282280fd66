import type { Language } from '@portal/shared/i18n';
import type { Config } from '../../config';
import { DEMO_SCHOOL } from '../../db/seed/school';

/** The school's public facts; a fact that is not configured is null (decision 033). */
export interface SiteFacts {
  /** The company's legal name as a visitor of each language reads it. */
  companyName: Record<Language, string | null>;
  supportEmail: string | null;
  supportPhone: string | null;
  /** The lesson app's own page in each store. */
  appStoreUrl: string | null;
  googlePlayUrl: string | null;
}

/**
 * The configured facts (decision 033); with the demo data on, the demo school's for those not
 * configured; otherwise null, and the web shows nothing. A company name configured only in
 * English is shown to every visitor; the demo's is used only when none is configured.
 */
export function getSiteFacts(config: Pick<Config, 'site' | 'demoData'>): SiteFacts {
  const { site } = config;
  const demo = config.demoData ? DEMO_SCHOOL : undefined;
  const nameIn = (language: Language) =>
    site.companyName[language] ?? site.companyName.en ?? demo?.companyName[language] ?? null;
  return {
    companyName: { en: nameIn('en'), zh_CN: nameIn('zh_CN') },
    supportEmail: site.supportEmail ?? demo?.supportEmail ?? null,
    supportPhone: site.supportPhone ?? demo?.supportPhone ?? null,
    appStoreUrl: site.appStoreUrl ?? null,
    googlePlayUrl: site.googlePlayUrl ?? null,
  };
}
