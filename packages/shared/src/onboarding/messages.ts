/** Messages of the onboarding feature (spec §5/§8 keys), merged into the catalogue in i18n/messages.ts. */
export const ONBOARDING_MESSAGES = {
  en: {
    nameEmpty: 'Please enter your name.',
    nameTooLong: 'The name can be at most 50 characters.',
    wechatEmpty: 'Please enter your chat ID.',
    EnterYourReferralCode: 'Please enter your referral code.',
    referralFailed: 'Recommendation code verification failed.',
    inviteCodeInvalid: 'This invitation link is not valid.',
  },
  zh_CN: {
    nameEmpty: '请输入姓名。',
    nameTooLong: '姓名最多 50 个字符。',
    wechatEmpty: '请输入微信号。',
    EnterYourReferralCode: '请输入推荐码。',
    referralFailed: '推荐码验证失败。',
    inviteCodeInvalid: '该邀请链接无效。',
  },
} as const;
