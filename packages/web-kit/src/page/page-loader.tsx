import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  // The text lives in the live region itself: aria-label is not allowed on the loader's span.
  return (
    <Center mih="50vh" role="status">
      <Loader />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
