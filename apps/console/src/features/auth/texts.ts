import { defineTexts } from '../../lib/texts';

export const texts = defineTexts({
  en: {
    signInTitle: 'Sign in',
  },
  zh_CN: {
    signInTitle: '登录',
  },
});
