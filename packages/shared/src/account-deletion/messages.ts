/**
 * Messages of account deletion (issue #25), merged into the catalogue in i18n/messages.ts.
 * `{date}` is an ISO date the client formats; the server fills it as YYYY-MM-DD.
 */
export const ACCOUNT_DELETION_MESSAGES = {
  en: {
    deletionConfirmRequired: 'Please confirm with your password or a verification code.',
    deletionPasswordWrong: 'The password is wrong. Nothing was changed.',
    deletionAlreadyRequested:
      'Deletion is already requested: the account will be erased on {date}.',
    deletionNotRequested: 'No deletion is pending for this account.',
    deletionRequested: 'Your account will be erased on {date}. Sign in before then to cancel.',
    deletionCancelled: 'Deletion cancelled. Your account stays as it was.',
  },
  zh_CN: {
    deletionConfirmRequired: '请输入密码或验证码确认。',
    deletionPasswordWrong: '密码错误，未做任何更改。',
    deletionAlreadyRequested: '已申请注销：账户将于 {date} 被清除。',
    deletionNotRequested: '该账户没有待处理的注销申请。',
    deletionRequested: '您的账户将于 {date} 被清除。在此之前登录即可撤销。',
    deletionCancelled: '已撤销注销，您的账户保持不变。',
  },
} as const;
