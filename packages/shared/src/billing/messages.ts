/** Messages of the billing feature (spec §5/§8 keys), merged into the catalogue in i18n/messages.ts. */
export const BILLING_MESSAGES = {
  en: {
    selectPackage: 'Please select a package.',
  },
  zh_CN: {
    selectPackage: '请选择套餐。',
  },
} as const;
