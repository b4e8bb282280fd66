/** Messages of the children feature (spec §5/§8 keys), merged into the catalogue in i18n/messages.ts. */
export const CHILDREN_MESSAGES = {
  en: {
    selectChild: 'Please select a child.',
    selectName: 'Please enter Child’s Name.',
    selectBirthday: 'Please select Child’s Birthday.',
    selectAvatar: 'Please select avatar.',
    nicknameTooLong: 'The name can be at most 20 characters.',
    birthdayInFuture: 'The birthday must be before today.',
    childLimitReached:
      'You have reached the number of children you can add. Please contact your course adviser.',
    childNotFound: 'This child was not found.',
    deletedSuccessfully: 'Deleted successfully',
    childSaved: 'Saved.',
  },
  zh_CN: {
    selectChild: '请选择孩子。',
    selectName: '请输入孩子的名字。',
    selectBirthday: '请选择孩子的生日。',
    selectAvatar: '请选择头像。',
    nicknameTooLong: '名字最多 20 个字符。',
    birthdayInFuture: '生日必须早于今天。',
    childLimitReached: '已达到可添加的孩子数量上限，请联系您的课程顾问。',
    childNotFound: '未找到该孩子。',
    deletedSuccessfully: '删除成功',
    childSaved: '已保存。',
  },
} as const;
