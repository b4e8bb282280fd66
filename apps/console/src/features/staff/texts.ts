import { defineTexts } from '../../lib/texts';

export const texts = defineTexts({
  en: {
    nav: 'Staff',
  },
  zh_CN: {
    nav: '员工管理',
  },
});
