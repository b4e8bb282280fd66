import { KIT_COMMON_TEXTS, type LanguageBundles } from '../i18n';

/**
 * The `common` texts the kit's widgets read, as an app provides them (here: the parents' app's,
 * apps/web/src/locales/<language>/common.json), plus the code field's namespace.
 */
const TEXTS = {
  en: {
    common: {
      appName: 'Parent Portal',
      ...KIT_COMMON_TEXTS.en,
    },
    auth: {
      code: 'Verification code',
      codePlaceholder: '6-digit code',
      sendCode: 'Send code',
      resendIn: 'Resend in {{seconds}} s',
    },
  },
  zh_CN: {
    common: {
      appName: '家长端',
      ...KIT_COMMON_TEXTS.zh_CN,
    },
    auth: {
      code: '验证码',
      codePlaceholder: '6 位验证码',
      sendCode: '获取验证码',
      resendIn: '{{seconds}} 秒后重发',
    },
  },
};

const files = (texts: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(texts).map(([namespace, body]) => [`./${namespace}.json`, { default: body }]),
  );

export const TEST_BUNDLES: LanguageBundles = {
  en: () => Promise.resolve({ default: files(TEXTS.en) }),
  zh_CN: () => Promise.resolve({ default: files(TEXTS.zh_CN) }),
};
