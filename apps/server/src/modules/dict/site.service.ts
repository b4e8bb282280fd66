import type { SiteSettings } from '@portal/shared/dict';
import type { Language } from '@portal/shared/i18n';
import type { Config } from '../../config';
import { DEMO_SCHOOL } from '../../db/seed/school';

/**
 * The school's public facts in `language` (decision 033): the configured ones; with the demo
 * data on, the demo school's for those not configured; otherwise null, and the web shows nothing.
 */
export function getSiteSettings(
  config: Pick<Config, 'site' | 'demoData'>,
  language: Language,
): SiteSettings {
  const { site } = config;
  const demo = config.demoData ? DEMO_SCHOOL : undefined;
  const configuredName = site.companyName[language] ?? site.companyName.en;
  return {
    company_name: configuredName ?? demo?.companyName[language] ?? null,
    support_email: site.supportEmail ?? demo?.supportEmail ?? null,
    support_phone: site.supportPhone ?? demo?.supportPhone ?? null,
    app_store_url: site.appStoreUrl ?? null,
    google_play_url: site.googlePlayUrl ?? null,
  };
}
