/**
 * The `common` texts the kit's widgets read (loading, retry, errors, close, language), in both
 * languages, for an app's `common` namespace to spread (the console's lib/common-texts.ts, the
 * kit's tests); the app adds its own `appName`.
 */
export const KIT_COMMON_TEXTS = {
  en: {
    language: 'Language',
    loading: 'Loading…',
    retry: 'Try again',
    reload: 'Reload the page',
    errorTitle: 'Something went wrong',
    errorText: 'This page could not be shown. Reloading usually helps.',
    close: 'Close',
    formFailed: 'This could not be sent. Please try again.',
    networkError: 'The server could not be reached. Check your connection and try again.',
    offlineTitle: 'You are offline',
    offlineText: 'This can be shown once you are back online.',
  },
  zh_CN: {
    language: '语言',
    loading: '加载中…',
    retry: '重试',
    reload: '刷新页面',
    errorTitle: '出错了',
    errorText: '页面无法显示，刷新通常可以解决。',
    close: '关闭',
    formFailed: '提交失败，请重试。',
    networkError: '无法连接服务器，请检查网络后重试。',
    offlineTitle: '您已离线',
    offlineText: '恢复联网后即可显示。',
  },
} as const;
