import type { LanguageBundles } from '../i18n';

/**
 * The `common` texts the kit's widgets read, as an app provides them (here: the parents' app's,
 * apps/web/src/locales/<language>/common.json), plus the code field's namespace.
 */
const TEXTS = {
  en: {
    common: {
      appName: 'Parent Portal',
      language: 'Language',
      loading: 'Loading…',
      retry: 'Try again',
      reload: 'Reload the page',
      errorTitle: 'Something went wrong',
      errorText: 'This page could not be shown. Reloading usually helps.',
      close: 'Close',
      formFailed: 'This could not be sent. Please try again.',
      networkError: 'The server could not be reached. Check your connection and try again.',
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
      language: '语言',
      loading: '加载中…',
      retry: '重试',
      reload: '刷新页面',
      errorTitle: '出错了',
      errorText: '页面无法显示，刷新通常可以解决。',
      close: '关闭',
      formFailed: '提交失败，请重试。',
      networkError: '无法连接服务器，请检查网络后重试。',
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
