import { SegmentedControl } from '@mantine/core';
import type { Language } from '@portal/shared/i18n';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n';

export interface LanguageSwitchProps {
  /** Also save the choice on the account (signed-in screens pass the profile's setter). */
  onChange?: (language: Language) => void;
}

/** en / 简体中文, kept under `lang` in local storage (spec §9). */
export function LanguageSwitch({ onChange }: LanguageSwitchProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language')}
      value={currentLanguage()}
      onChange={(value) => {
        const language = value as Language;
        void changeLanguage(language);
        onChange?.(language);
      }}
      data={[
        { value: 'en', label: 'English' },
        { value: 'zh_CN', label: '简体中文' },
      ]}
    />
  );
}
