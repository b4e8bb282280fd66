import { ACCOUNT_DELETION_MESSAGES } from '../account-deletion/messages';
import { AUTH_MESSAGES } from '../auth/messages';
import { BILLING_MESSAGES } from '../billing/messages';
import { CALENDAR_MESSAGES } from '../calendar/messages';
import { CATALOGUE_MESSAGES } from '../catalogue/messages';
import { CHILDREN_MESSAGES } from '../children/messages';
import { CREDITS_MESSAGES } from '../credits/messages';
import { LESSONS_MESSAGES } from '../lessons/messages';
import { ONBOARDING_MESSAGES } from '../onboarding/messages';
import { PROFILE_MESSAGES } from '../profile/messages';
import { REMINDERS_MESSAGES } from '../reminders/messages';
import type { CATALOGUE_ADMIN_MESSAGES } from '../staff/catalogue-admin-messages';
import type { DASHBOARD_MESSAGES } from '../staff/dashboard-messages';
import type { FAMILIES_MESSAGES } from '../staff/families-messages';
import type { STAFF_AUTH_MESSAGES } from '../staff/staff-auth-messages';
import type { TEACHERS_MESSAGES } from '../staff/teachers-messages';
import type { TIMETABLE_MESSAGES } from '../staff/timetable-messages';
import type { MONEY_MESSAGES } from '../staff/money-messages';
import type { ORDERS_MESSAGES } from '../staff/orders-messages';
import type { PRICES_MESSAGES } from '../staff/prices-messages';
import type { BOOKS_MESSAGES } from '../staff/books-messages';
import type { Language } from './language';

/**
 * Messages the server puts in `msg` and the client shows for the same rule (spec §8 keys).
 * One catalogue for both sides, so a rule checked in the browser and on the server reads alike.
 * Each feature keeps its keys in `<feature>/messages.ts`; `{name}` placeholders are filled by
 * `translate`.
 */
const COMMON_MESSAGES = {
  en: {
    ok: 'Success',
    invalidRequest: 'The request is not valid.',
    invalidField: 'Please check the field "{field}".',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forbidden: 'You are not allowed to do that.',
    outboxTokenRequired:
      'The dev outbox needs its token (DEV_OUTBOX_TOKEN, printed when the server started).',
    notFound: 'Not found.',
    conflict: 'That has already been done.',
    payloadTooLarge: 'The request is too large.',
    headersTooLarge: 'The request headers are too large.',
    requestTimeout: 'The request took too long to arrive. Please try again.',
    tooManyRequests: 'Too many attempts. Please try again later.',
    serverError: 'Something went wrong. Please try again.',
    serviceUnavailable: 'The service is busy. Please try again in a moment.',
    routeNotFound: 'This address does not exist.',
    agreementTypeError: 'Unknown agreement type.',
    keywordsTooLong: 'The search text is too long.',
    dateInvalid: 'Please choose a date between 1970 and 2100.',
    timeZoneInvalid: 'That is not a time zone.',
  },
  zh_CN: {
    ok: '成功',
    invalidRequest: '请求无效。',
    invalidField: '请检查“{field}”。',
    sessionExpired: '登录已过期，请重新登录。',
    forbidden: '无权执行此操作。',
    outboxTokenRequired: '开发发件箱需要令牌（DEV_OUTBOX_TOKEN，服务器启动时已打印）。',
    notFound: '未找到。',
    conflict: '该操作已完成。',
    payloadTooLarge: '请求内容过大。',
    headersTooLarge: '请求头过大。',
    requestTimeout: '请求发送超时，请重试。',
    tooManyRequests: '尝试次数过多，请稍后再试。',
    serverError: '出错了，请重试。',
    serviceUnavailable: '服务繁忙，请稍后再试。',
    routeNotFound: '该地址不存在。',
    agreementTypeError: '未知的协议类型。',
    keywordsTooLong: '搜索内容过长。',
    dateInvalid: '请选择 1970 年至 2100 年之间的日期。',
    timeZoneInvalid: '这不是有效的时区。',
  },
} as const;

const FEATURE_MESSAGES = [
  COMMON_MESSAGES,
  AUTH_MESSAGES,
  ONBOARDING_MESSAGES,
  CHILDREN_MESSAGES,
  BILLING_MESSAGES,
  CATALOGUE_MESSAGES,
  LESSONS_MESSAGES,
  CREDITS_MESSAGES,
  PROFILE_MESSAGES,
  ACCOUNT_DELETION_MESSAGES,
  REMINDERS_MESSAGES,
  CALENDAR_MESSAGES,
] as const;

/**
 * The staff console's messages (packages/shared/src/staff/*-messages.ts) are keys of the one
 * catalogue, but their texts join it only where staff are served: `addStaffMessages()` from
 * `@portal/shared/staff`, called by the server's app and the console. The parents' app never
 * loads them, so its pages do not grow with the console (issue #21).
 */
type StaffMessages =
  | typeof STAFF_AUTH_MESSAGES
  | typeof FAMILIES_MESSAGES
  | typeof DASHBOARD_MESSAGES
  | typeof CATALOGUE_ADMIN_MESSAGES
  | typeof TEACHERS_MESSAGES
  | typeof TIMETABLE_MESSAGES
  | typeof MONEY_MESSAGES
  | typeof ORDERS_MESSAGES
  | typeof PRICES_MESSAGES
  | typeof BOOKS_MESSAGES;

type FeatureMessages = (typeof FEATURE_MESSAGES)[number];
type KeysOf<T> = T extends { en: infer E } ? keyof E : never;
export type MessageKey = KeysOf<FeatureMessages | StaffMessages>;

function merge(language: Language): Record<MessageKey, string> {
  return Object.assign({}, ...FEATURE_MESSAGES.map((messages) => messages[language])) as Record<
    MessageKey,
    string
  >;
}

export const MESSAGES: Record<Language, Record<MessageKey, string>> = {
  en: merge('en'),
  zh_CN: merge('zh_CN'),
};

/** Adds a feature's texts to the catalogue (the staff messages: see `StaffMessages`). */
export function addMessages(messages: StaffMessages): void {
  Object.assign(MESSAGES.en, messages.en);
  Object.assign(MESSAGES.zh_CN, messages.zh_CN);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES.en, key);
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
