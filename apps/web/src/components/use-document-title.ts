import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title "<page> · <app>" and the meta description for sharing. */
export function useDocumentTitle(title: string | undefined, description?: string) {
  const { t } = useTranslation();
  useEffect(() => {
    const app = t('appName');
    document.title = title ? `${title} · ${app}` : app;
    if (description)
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, t]);
}
