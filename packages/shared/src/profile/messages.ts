/**
 * Messages of the profile's "Download my data" (issue #25), merged into the catalogue in
 * i18n/messages.ts. The e-mail's texts are here too: the job sends it in the parent's language.
 */
export const PROFILE_MESSAGES = {
  en: {
    dataExportRequested:
      'We are putting your data together. We will e-mail you a download link when it is ready.',
    dataExportEmailMissing: 'Please save an e-mail address first: the download link is sent there.',
    dataExportLinkGone:
      'This download link has been used or has expired. Please ask for a new export from your profile.',
    dataExportMailSubject: 'Your data is ready to download',
    dataExportMailText:
      'Hello,\n\nthe copy of your data you asked for is ready. Download it here (the link works once and for {days} days):\n\n{link}\n\nIf you did not ask for it, please tell us.',
  },
  zh_CN: {
    dataExportRequested: '正在整理您的数据，准备好后我们会通过电子邮件发送下载链接。',
    dataExportEmailMissing: '请先保存电子邮箱：下载链接将发送到该邮箱。',
    dataExportLinkGone: '该下载链接已使用或已过期，请在个人资料中重新申请导出。',
    dataExportMailSubject: '您的数据已可下载',
    dataExportMailText:
      '您好：\n\n您申请的数据副本已准备好。请在此下载（链接仅可使用一次，{days} 天内有效）：\n\n{link}\n\n如果这不是您本人申请的，请告知我们。',
  },
} as const;
