import { defineTexts } from '../../lib/texts';

export const texts = defineTexts({
  en: {
    nav: 'My account',
  },
  zh_CN: {
    nav: '我的账号',
  },
});
