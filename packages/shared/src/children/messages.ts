/** Messages of the children feature (spec §5/§8 keys), merged into the catalogue in i18n/messages.ts. */
export const CHILDREN_MESSAGES = {
  en: {
    selectChild: 'Please select a child.',
    selectName: 'Please enter Child’s Name.',
    selectBirthday: 'Please select Child’s Birthday.',
    selectAvatar: 'Please select avatar.',
  },
  zh_CN: {
    selectChild: '请选择孩子。',
    selectName: '请输入孩子的名字。',
    selectBirthday: '请选择孩子的生日。',
    selectAvatar: '请选择头像。',
  },
} as const;
