import { Select } from '@mantine/core';
import type { CatalogueTree } from '@portal/shared/staff';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { idOf, titleOptions } from '../utils/local';

/** The subject a section shows; `required` sections always show one (no "all subjects"). */
export function SubjectFilter({
  tree,
  value,
  onChange,
  required = false,
}: {
  tree: CatalogueTree;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  required?: boolean;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Select
      label={t('subject')}
      placeholder={required ? t('chooseSubject') : t('anySubject')}
      data={titleOptions(tree.subjects, currentLanguage())}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(idOf(next) ?? undefined)}
      allowDeselect={!required}
      clearable={!required}
      w={220}
    />
  );
}
