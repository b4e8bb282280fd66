import { Affix, Stack } from '@mantine/core';
// Not among the kit's styles (app/styles.ts): only this chunk uses it.
import '@mantine/core/styles/Affix.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { manifestPath } from './manifest-path';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';

/**
 * The installable app's parts, loaded after the start (pwa-host.tsx): the notices at the foot of
 * the page, and the manifest link following the interface language (i18next's
 * `languageChanged` re-renders this). The pre-rendered sign-in pages and index.html link the
 * English manifest; a page in Chinese switches it here.
 */
export default function InstallableApp() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(language));
  }, [language]);
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} maw={440}>
      <Stack gap="xs">
        <OfflineBanner />
        <UpdatePrompt />
      </Stack>
    </Affix>
  );
}
