export { LANGUAGE_NAMES, LanguageSwitch, type LanguageSwitchProps } from './language-switch';
