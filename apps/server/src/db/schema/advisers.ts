import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './platform';

/** Course advisers (spec §3 Sales adviser); `invite_code` is what their invitation links carry. */
export const advisers = pgTable('advisers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  describe_en: text('describe_en').notNull().default(''),
  describe_zh: text('describe_zh').notNull().default(''),
  email: text('email').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  wechat: text('wechat').notNull().default(''),
  /** Path or URL of the adviser's chat QR code image. */
  qr_code: text('qr_code').notNull().default(''),
  invite_code: text('invite_code').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  ...timestamps,
});
