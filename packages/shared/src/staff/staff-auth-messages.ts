/** Staff sign-in, second factor, sessions and staff management (issue #21): server messages, merged in i18n/messages.ts. */
export const STAFF_AUTH_MESSAGES = {
  en: {
    staffEmailEmpty: 'Please enter the e-mail address.',
    staffEmailInvalid: 'Please enter a valid e-mail address.',
    staffNameEmpty: 'Please enter a name.',
    staffNameTooLong: 'The name is too long (80 characters at most).',
    staffRoleInvalid: 'Please choose a role: admin, adviser or teacher.',
    staffPasswordEmpty: 'Please enter the password.',
    staffPasswordWeak:
      'The password needs 8 to 128 characters with at least one letter and one digit.',
    staffCodeEmpty: 'Please enter the 6-digit code from your authenticator app or a recovery code.',
    staffCodeInvalid: 'That code is not right. Please try again.',
    staffTicketInvalid:
      'This sign-in has expired. Please start again with your e-mail and password.',
    staffSignInFailed: 'The e-mail address or password is not right.',
    staffLocked:
      'Too many wrong codes. Sign-in is locked for this account; please try again in {minutes} min.',
    staffSetupLinkInvalid:
      'This set-up link is not valid or has expired. Please ask an administrator for a new one.',
    staffEmailTaken: 'A staff member with this e-mail address already exists.',
    staffNothingToChange: 'Please change the name or the role.',
    staffCannotChangeOwnRole: 'You cannot change your own role. Ask another administrator.',
    staffCannotDisableSelf: 'You cannot disable your own account. Ask another administrator.',
    staffDisabledNoReset:
      'This account is disabled. Enable it first, then reset the second factor.',
    staffSetupMailSubject: 'Your account on the school console',
    staffSetupMailBody:
      'Hello {name},\n\nSet up your account on the school console (password and authenticator app) with this link, good for 48 hours:\n\n{link}\n\nIf you did not expect this e-mail, you can ignore it.',
  },
  zh_CN: {
    staffEmailEmpty: '请输入邮箱地址。',
    staffEmailInvalid: '请输入有效的邮箱地址。',
    staffNameEmpty: '请输入姓名。',
    staffNameTooLong: '姓名过长（最多 80 个字符）。',
    staffRoleInvalid: '请选择角色：管理员、顾问或教师。',
    staffPasswordEmpty: '请输入密码。',
    staffPasswordWeak: '密码需为 8 至 128 个字符，且至少包含一个字母和一个数字。',
    staffCodeEmpty: '请输入身份验证器应用中的 6 位验证码或一个恢复码。',
    staffCodeInvalid: '验证码不正确，请重试。',
    staffTicketInvalid: '本次登录已过期，请重新输入邮箱和密码。',
    staffSignInFailed: '邮箱地址或密码不正确。',
    staffLocked: '验证码错误次数过多，该账号已暂时锁定登录，请在 {minutes} 分钟后重试。',
    staffSetupLinkInvalid: '该设置链接无效或已过期，请联系管理员重新发送。',
    staffEmailTaken: '已存在使用该邮箱地址的员工。',
    staffNothingToChange: '请修改姓名或角色。',
    staffCannotChangeOwnRole: '不能更改自己的角色，请联系其他管理员。',
    staffCannotDisableSelf: '不能停用自己的账号，请联系其他管理员。',
    staffDisabledNoReset: '该账号已停用，请先启用，再重置两步验证。',
    staffSetupMailSubject: '您的学校管理后台账号',
    staffSetupMailBody:
      '{name}，您好：\n\n请通过以下链接设置您在学校管理后台的账号（密码和身份验证器应用），链接 48 小时内有效：\n\n{link}\n\n如果您并未预期收到此邮件，请忽略。',
  },
} as const;
