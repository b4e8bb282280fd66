import { z } from 'zod';
import { isValidPassword, PASSWORD_MAX_LENGTH } from '../auth/password';
import { PERMISSIONS, STAFF_ROLES } from './permissions';

/**
 * Staff sign-in, second factor, sessions and staff management (issue #21): the wire shapes of
 * `/api/ops/auth/*`, `/api/ops/setup*`, `/api/ops/me*` and `/api/ops/staff*`, used by the server's
 * routes, the console's forms and the tests. Messages are keys of `staff-auth-messages.ts`.
 */

/** A staff e-mail address: any address a mailbox can have (RFC 5321 caps it at 254). */
export const STAFF_EMAIL_MAX_LENGTH = 254;
export const STAFF_NAME_MAX_LENGTH = 80;
/** A TOTP code: 6 digits (RFC 6238 with SHA-1 and 30-second steps). */
export const TOTP_DIGITS = 6;
/** Ten recovery codes per enrolment, shown once. */
export const RECOVERY_CODE_COUNT = 10;
/** Staff sessions last 12 hours (docs/product.md → Staff). */
export const STAFF_SESSION_HOURS = 12;
/** A set-up link (invitation, first admin, second-factor reset) is good for 48 hours. */
export const STAFF_SETUP_LINK_HOURS = 48;
export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** An opaque token or ticket as the server issues them (base64url); bounded, never parsed. */
const OpaqueTokenSchema = z
  .string({ error: 'staffTicketInvalid' })
  .trim()
  .min(1, 'staffTicketInvalid')
  .max(200, 'staffTicketInvalid');

export const StaffEmailSchema = z
  .string({ error: 'staffEmailEmpty' })
  .trim()
  .min(1, 'staffEmailEmpty')
  .max(STAFF_EMAIL_MAX_LENGTH, 'staffEmailInvalid')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'staffEmailInvalid')
  .transform((email) => email.toLowerCase());

export const StaffNameSchema = z
  .string({ error: 'staffNameEmpty' })
  .trim()
  .min(1, 'staffNameEmpty')
  .max(STAFF_NAME_MAX_LENGTH, 'staffNameTooLong');

export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'staffRoleInvalid' });
export const StaffStatusSchema = z.enum(STAFF_STATUSES);

/** A password typed to sign in: only required and bounded (hashing a huge one is slow). */
export const StaffSignInPasswordSchema = z
  .string({ error: 'staffPasswordEmpty' })
  .min(1, 'staffPasswordEmpty')
  .max(PASSWORD_MAX_LENGTH, 'staffPasswordEmpty');

/** A new staff password: the parents' rule (8–128, a letter and a digit), the staff message. */
export const StaffNewPasswordSchema = z
  .string({ error: 'staffPasswordEmpty' })
  .min(1, 'staffPasswordEmpty')
  .refine(isValidPassword, { message: 'staffPasswordWeak' });

/** Six digits; spaces typed or pasted between them are ignored. */
export const TotpCodeSchema = z
  .string({ error: 'staffCodeEmpty' })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'staffCodeEmpty')
      .regex(/^\d{6}$/, 'staffCodeInvalid'),
  );

/** A recovery code as printed (`abcde-12345`); case, spaces and dashes are forgiven. */
export const RecoveryCodeSchema = z
  .string({ error: 'staffCodeEmpty' })
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, 'staffCodeEmpty')
      .regex(/^[a-z0-9]{10}$/, 'staffCodeInvalid'),
  );

// ---------------------------------------------------------------------------------------------
// Sign-in and set-up

/** What an authenticator app needs to enrol: shown once. `qrSvg` is an SVG document. */
export const EnrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/** POST /api/ops/auth/sign-in */
export const SignInBodySchema = z.object({
  email: StaffEmailSchema,
  password: StaffSignInPasswordSchema,
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/**
 * The password was right: `code` asks for the second factor; `enrol` (a member without one yet,
 * after a set-up link or a reset) shows the new secret. The ticket (10 minutes) goes to /verify.
 */
export const SignInStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('code'), ticket: z.string() }),
  z.object({ step: z.literal('enrol'), ticket: z.string(), enrolment: EnrolmentSchema }),
]);
export type SignInStep = z.infer<typeof SignInStepSchema>;

/** POST /api/ops/auth/verify: the ticket and either a 6-digit code or a recovery code. */
export const VerifyBodySchema = z
  .object({
    ticket: OpaqueTokenSchema,
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'staffCodeEmpty',
  });
export type VerifyBody = z.input<typeof VerifyBodySchema>;

/** The signed-in staff member, with what their role may do (the console hides the rest). */
export const MeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type Me = z.infer<typeof MeSchema>;

export const VerifyAnswerSchema = z.object({
  /** The bearer token of a 12-hour session. */
  token: z.string(),
  expiresAt: z.string(),
  me: MeSchema,
  /** Only right after an enrolment: the 10 recovery codes, shown once. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type VerifyAnswer = z.infer<typeof VerifyAnswerSchema>;

/** GET /api/ops/setup/:token */
export const SetupTokenParamsSchema = z.object({ token: OpaqueTokenSchema });
export const SetupInfoSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
});
export type SetupInfo = z.infer<typeof SetupInfoSchema>;

/** POST /api/ops/setup: name and password; the answer is the enrolment step. */
export const SetupBodySchema = z.object({
  token: OpaqueTokenSchema,
  name: StaffNameSchema,
  password: StaffNewPasswordSchema,
});
export type SetupBody = z.infer<typeof SetupBodySchema>;

/** The set-up form in the console: the body's name and password, the password typed twice. */
export const SetupFormSchema = SetupBodySchema.pick({ name: true, password: true })
  .extend({ confirm: z.string() })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: 'newPswDontSame',
  });
export type SetupForm = z.input<typeof SetupFormSchema>;

export const SetupAnswerSchema = z.object({
  step: z.literal('enrol'),
  ticket: z.string(),
  enrolment: EnrolmentSchema,
});
export type SetupAnswer = z.infer<typeof SetupAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Sessions and lists

/** Pages of `/api/ops` lists: 1-based `page`, `pageSize` up to 100. */
export const OpsPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalidRequest' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'invalidRequest' }).int().min(1).max(100).default(20),
});
export type OpsPageQuery = z.infer<typeof OpsPageQuerySchema>;

/** A numeric id in a URL (a staff member, a session); not a number at all is a bad request. */
export const NumericIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'invalidRequest' })
    .int('invalidRequest')
    .positive('invalidRequest')
    .max(2_147_483_647, 'invalidRequest'),
});

export const StaffSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

export const StaffSessionListSchema = z.object({
  items: z.array(StaffSessionSchema),
  total: z.number().int(),
});
export type StaffSessionList = z.infer<typeof StaffSessionListSchema>;

// ---------------------------------------------------------------------------------------------
// Staff management (admin: `staff.manage`)

/** GET /api/ops/staff */
export const StaffListQuerySchema = OpsPageQuerySchema.extend({
  /** Part of the e-mail or name. */
  q: z.string().trim().max(100, 'keywordsTooLong').optional(),
  role: StaffRoleSchema.optional(),
  status: StaffStatusSchema.optional(),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;

export const StaffSummarySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  status: StaffStatusSchema,
  /** Enrolled in TOTP (false after a reset until the next sign-in). */
  secondFactor: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffSummary = z.infer<typeof StaffSummarySchema>;

export const StaffListSchema = z.object({
  items: z.array(StaffSummarySchema),
  total: z.number().int(),
});
export type StaffList = z.infer<typeof StaffListSchema>;

/** GET /api/ops/staff/:id and the answer of every change to a member: with their live sessions. */
export const StaffDetailSchema = StaffSummarySchema.extend({
  sessions: z.array(StaffSessionSchema),
});
export type StaffDetail = z.infer<typeof StaffDetailSchema>;

/** POST /api/ops/staff: invite (a set-up link good for 48 hours is e-mailed). */
export const InviteStaffBodySchema = z.object({
  email: StaffEmailSchema,
  name: StaffNameSchema,
  role: StaffRoleSchema,
});
export type InviteStaffBody = z.infer<typeof InviteStaffBodySchema>;

export const InviteStaffAnswerSchema = z.object({ id: z.number().int() });
export type InviteStaffAnswer = z.infer<typeof InviteStaffAnswerSchema>;

/** POST /api/ops/staff/:id: rename or change role (at least one). */
export const UpdateStaffBodySchema = z
  .object({
    name: StaffNameSchema.optional(),
    role: StaffRoleSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.role !== undefined, {
    message: 'staffNothingToChange',
  });
export type UpdateStaffBody = z.infer<typeof UpdateStaffBodySchema>;
