import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab title of a page: "<page> · <app>", or the app's name alone. */
export function documentTitle(title: string | undefined, app: string): string {
  return title ? `${title} · ${app}` : app;
}

/** Sets the tab title "<page> · <app>" and the meta description for sharing. */
export function useDocumentTitle(title: string | undefined, description?: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(title, t('appName'));
    if (description)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, t]);
}
