/**
 * The demo school's public facts (decision 033): shown while the demo data is on and the
 * operator has not configured their own (COMPANY_NAME, SUPPORT_EMAIL, …). No store links: the
 * demo has no app in the stores, and a badge must never lead to a store's home page.
 */
export const DEMO_SCHOOL = {
  companyName: { en: 'Bright Bridge Learning Ltd.', zh_CN: '明桥教育科技有限公司' },
  supportEmail: 'care@brightbridge-learning.com',
  supportPhone: '+86 400 820 2026',
} as const;

/**
 * When the demo's agreements took effect: a fixed day, not the moment the demo data was made,
 * so the pages do not claim to have changed today.
 */
export const DEMO_AGREEMENTS_EFFECTIVE = new Date('2026-09-01T00:00:00.000Z');
