import { useTranslation } from 'react-i18next';

/**
 * mantine-datatable's texts in the interface language (`common:table.*`), with names for the
 * paging buttons: spread into every console table, `<DataTable {...useTableTexts()} … />`.
 */
export function useTableTexts() {
  const { t } = useTranslation();
  return {
    noRecordsText: t('table.empty'),
    loadingText: t('loading'),
    paginationText: ({
      from,
      to,
      totalRecords,
    }: {
      from: number;
      to: number;
      totalRecords: number;
    }) => t('table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': t(`table.${control}`),
    }),
    getPaginationItemProps: (page: number) => ({ 'aria-label': t('table.page', { page }) }),
  };
}
