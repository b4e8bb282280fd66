import { useTranslation } from 'react-i18next';

/** The data tables' paging in the interface language, with names for the paging buttons. */
export function usePaginationTexts() {
  const { t } = useTranslation('families');
  return {
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) => t('table.pages', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': t(`table.${control}`),
    }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': t('table.page', { page }) }),
  };
}
