import { KIT_COMMON_TEXTS } from '@portal/web-kit/i18n';
import { defineTexts } from './texts';

/**
 * The `common` namespace: the texts web-kit's widgets read (the app's name, and the kit's own
 * KIT_COMMON_TEXTS: loading, retry, errors, close, language) and the frame's own (navigation,
 * roles, not allowed, not found).
 */
export const texts = defineTexts({
  en: {
    appName: 'School console',
    ...KIT_COMMON_TEXTS.en,
    cancel: 'Cancel',
    save: 'Save',
    openNavigation: 'Open the navigation',
    mainNavigation: 'Main navigation',
    signOut: 'Sign out',
    accountMenu: 'Account menu',
    roles: { admin: 'Administrator', adviser: 'Adviser', teacher: 'Teacher' },
    notAllowedTitle: 'Not allowed',
    notAllowedText:
      'Your role ({{role}}) cannot open this page. Ask an administrator if you need it.',
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no page at this address.',
    backHome: 'Back to the start',
    nothingYet: 'There is nothing you can open here yet. Ask an administrator for a role.',
    never: 'Never',
    yes: 'Yes',
    no: 'No',
    table: {
      empty: 'Nothing to show',
      range: '{{from}}–{{to}} of {{total}}',
      first: 'First page',
      last: 'Last page',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
    },
  },
  zh_CN: {
    appName: '学校管理后台',
    ...KIT_COMMON_TEXTS.zh_CN,
    cancel: '取消',
    save: '保存',
    openNavigation: '打开导航',
    mainNavigation: '主导航',
    signOut: '退出登录',
    accountMenu: '账号菜单',
    roles: { admin: '管理员', adviser: '顾问', teacher: '教师' },
    notAllowedTitle: '无权访问',
    notAllowedText: '您的角色（{{role}}）无法打开此页面。如有需要，请联系管理员。',
    notFoundTitle: '页面不存在',
    notFoundText: '此地址没有对应的页面。',
    backHome: '返回首页',
    nothingYet: '目前没有您可以打开的页面，请联系管理员分配角色。',
    never: '从未',
    yes: '是',
    no: '否',
    table: {
      empty: '暂无数据',
      range: '第 {{from}}–{{to}} 条，共 {{total}} 条',
      first: '第一页',
      last: '最后一页',
      previous: '上一页',
      next: '下一页',
      page: '第 {{page}} 页',
    },
  },
});
