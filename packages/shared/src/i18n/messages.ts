import type { Language } from './language';

/**
 * Messages the server puts in `msg` and the client shows for the same rule (spec §8 keys).
 * One catalogue for both sides, so a rule checked in the browser and on the server reads alike.
 * Feature modules add their keys here; `{name}` placeholders are filled by `translate`.
 */
const en = {
  ok: 'Success',
  invalidRequest: 'The request is not valid.',
  invalidField: 'Please check the field "{field}".',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  conflict: 'That has already been done.',
  payloadTooLarge: 'The request is too large.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  serverError: 'Something went wrong. Please try again.',
  serviceUnavailable: 'The service is busy. Please try again in a moment.',
  routeNotFound: 'This address does not exist.',
  // Spec §5/§8 validation keys
  phoneEmpty: 'Please enter your phone number.',
  phoneError: 'Please enter a valid phone number.',
  countryCodeError: 'Please choose a valid country or region.',
  passwordEmpty: 'Please enter your password.',
  passwordLessThan: 'The password must be at least 8 characters with letters and digits.',
  verificationEmpty: 'Verification code cannot be empty.',
  verificationError: 'Please enter the 6-digit verification code.',
  currentpswEmpty: 'Please enter your current password.',
  newPswEmpty: 'Please enter a new password.',
  newPswSameAs: 'The new password must differ from the current one.',
  newPswDontSame: 'The two passwords do not match.',
  emailEmpty: 'Please enter your email.',
  emailError: 'Please enter the correct email address.',
  nameEmpty: 'Please enter your name.',
  nameTooLong: 'The name can be at most 50 characters.',
  wechatEmpty: 'Please enter your chat ID.',
  selectChild: 'Please select a child.',
  selectName: 'Please enter Child’s Name.',
  selectBirthday: 'Please select Child’s Birthday.',
  selectAvatar: 'Please select avatar.',
  selectPackage: 'Please select a package.',
  EnterYourReferralCode: 'Please enter your referral code.',
  referralFailed: 'Recommendation code verification failed.',
  agreementTypeError: 'Unknown agreement type.',
  keywordsTooLong: 'The search text is too long.',
} as const;

export type MessageKey = keyof typeof en;

const zh_CN: Record<MessageKey, string> = {
  ok: '成功',
  invalidRequest: '请求无效。',
  invalidField: '请检查“{field}”。',
  sessionExpired: '登录已过期，请重新登录。',
  forbidden: '无权执行此操作。',
  notFound: '未找到。',
  conflict: '该操作已完成。',
  payloadTooLarge: '请求内容过大。',
  tooManyRequests: '尝试次数过多，请稍后再试。',
  serverError: '出错了，请重试。',
  serviceUnavailable: '服务繁忙，请稍后再试。',
  routeNotFound: '该地址不存在。',
  phoneEmpty: '请输入手机号码。',
  phoneError: '请输入正确的手机号码。',
  countryCodeError: '请选择正确的国家或地区。',
  passwordEmpty: '请输入密码。',
  passwordLessThan: '密码至少 8 位，需同时包含字母和数字。',
  verificationEmpty: '验证码不能为空。',
  verificationError: '请输入 6 位数字验证码。',
  currentpswEmpty: '请输入当前密码。',
  newPswEmpty: '请输入新密码。',
  newPswSameAs: '新密码不能与当前密码相同。',
  newPswDontSame: '两次输入的密码不一致。',
  emailEmpty: '请输入邮箱。',
  emailError: '请输入正确的邮箱地址。',
  nameEmpty: '请输入姓名。',
  nameTooLong: '姓名最多 50 个字符。',
  wechatEmpty: '请输入微信号。',
  selectChild: '请选择孩子。',
  selectName: '请输入孩子的名字。',
  selectBirthday: '请选择孩子的生日。',
  selectAvatar: '请选择头像。',
  selectPackage: '请选择套餐。',
  EnterYourReferralCode: '请输入推荐码。',
  referralFailed: '推荐码验证失败。',
  agreementTypeError: '未知的协议类型。',
  keywordsTooLong: '搜索内容过长。',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { en, zh_CN };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** Translates a message key, filling `{name}` placeholders. */
export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = MESSAGES[language][key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
