import { Button } from '@mantine/core';
import { LANGUAGES, type Language } from '@portal/shared/i18n';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n';

export interface LanguageSwitchProps {
  /** Also save the choice on the account (signed-in screens pass the profile's setter). */
  onChange?: (language: Language) => void;
}

/** Each language in its own words: the same in every language's screens. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh_CN: '简体中文' };

/**
 * en / 简体中文, kept under `lang` in local storage (spec §9). Two toggle buttons: Mantine's
 * SegmentedControl measured its sliding indicator on every start, a forced layout of the whole
 * page in the first commit of each screen (decision 053).
 */
export function LanguageSwitch({ onChange }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Button.Group aria-label={t('language')}>
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          size="compact-xs"
          variant={value === current ? 'filled' : 'default'}
          aria-pressed={value === current}
          onClick={() => {
            if (value === current) return;
            void changeLanguage(value);
            onChange?.(value);
          }}
        >
          {LANGUAGE_NAMES[value]}
        </Button>
      ))}
    </Button.Group>
  );
}
