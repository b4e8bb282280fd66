import { describe, expect, it } from 'vitest';
import {
  CheckpointBodySchema,
  extraParamsOf,
  NewUserFormSchema,
  parseCaptchaPayload,
  SaveEmailBodySchema,
  SignUpBodySchema,
  VerifyInvitationCodeBodySchema,
} from './index';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const okEmailForm = { name: 'Li Lei', email: 'li.lei@example.com', wechat: 'lilei_88' };

describe('onboarding form (spec §5 parent name, e-mail, chat ID)', () => {
  it.each([
    [{ name: undefined }, 'nameEmpty'],
    [{ name: '   ' }, 'nameEmpty'],
    [{ name: 'x'.repeat(51) }, 'nameTooLong'],
    [{ name: 'x'.repeat(50) }, undefined],
    [{ email: '' }, 'emailEmpty'],
    [{ email: 'li@example' }, 'emailError'],
    [{ email: 'li@example.museum' }, 'emailError'], // ending of 6 letters
    [{ email: `${'a'.repeat(39)}@example.com` }, 'emailError'], // 51 characters
    [{ wechat: '' }, 'wechatEmpty'],
    [{ wechat: 'w'.repeat(51) }, 'wechatTooLong'],
    [{ inviteCode: '' }, undefined],
    [{ inviteCode: 'ADV2026' }, undefined],
    [{ inviteCode: 'x'.repeat(41) }, 'referralFailed'],
  ])('%j → %s', (change, expected) => {
    expect(firstMessage(SaveEmailBodySchema.safeParse({ ...okEmailForm, ...change }))).toBe(
      expected,
    );
  });

  it('reads an empty referral code as none', () => {
    expect(SaveEmailBodySchema.parse({ ...okEmailForm, inviteCode: ' ' }).inviteCode).toBe(
      undefined,
    );
  });

  it.each([
    ['', 'EnterYourReferralCode'],
    ['  ', 'EnterYourReferralCode'],
    ['ADV2026', undefined],
  ])('referral code %j → %s', (code, expected) => {
    expect(firstMessage(VerifyInvitationCodeBodySchema.safeParse({ code }))).toBe(expected);
  });
});

/** A payload of the widget's shape (decision 041); whether it solves anything is the server's call. */
const payload = {
  challenge: {
    parameters: { data: { id: 'a'.repeat(22), expires_at: '' } },
    signature: '',
  },
  solution: { counter: 1, derivedKey: '00' },
};
/** `payload` in base64, as forms send it (the package has neither Buffer nor btoa). */
const solution =
  'eyJjaGFsbGVuZ2UiOnsicGFyYW1ldGVycyI6eyJkYXRhIjp7ImlkIjoiYWFhYWFhYWFhYWFhYWFhYWFhYWFhYSIsImV4cGlyZXNfYXQiOiIifX0sInNpZ25hdHVyZSI6IiJ9LCJzb2x1dGlvbiI6eyJjb3VudGVyIjoxLCJkZXJpdmVkS2V5IjoiMDAifX0=';
const json = (value: unknown) => JSON.stringify(value);
const okSignUp = {
  mobile: '13800138000',
  country_code: '86',
  verification: '123456',
  landingpage_id: 12,
  captcha: solution,
};

describe('sign-up body (spec §7 signUpUser)', () => {
  it.each([
    [{}, undefined],
    [{ mobile: '' }, 'phoneEmpty'],
    [{ mobile: '138001380001' }, 'phoneError'],
    [{ verification: '' }, 'verificationEmpty'],
    [{ verification: '12345' }, 'verificationError'],
    [{ landingpage_id: 14 }, 'landingPageInvalid'],
    [{ landingpage_id: '13' }, undefined],
    [{ captcha: '' }, 'captchaRequired'],
    [{ captcha: 'short.1' }, 'captchaRequired'],
    [{ captcha: undefined }, 'captchaRequired'],
    [{ email: '' }, undefined], // the share page has no e-mail field
    [{ email: 'nope' }, 'emailError'],
    [{ nickname: 'x'.repeat(51) }, 'nameTooLong'],
    [{ child_nickname: 'x'.repeat(21) }, 'childNicknameTooLong'],
    [{ code: '' }, undefined],
    [{ utm_campaign: 'spring', utm_source: 'pc' }, undefined],
    [{ utm_campaign: 'x'.repeat(201) }, 'invalidRequest'],
    [{ 'bad key!': 'x' }, 'tooManyParams'],
    [Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 'x'])), 'tooManyParams'],
  ])('%j → %s', (change, expected) => {
    expect(firstMessage(SignUpBodySchema.safeParse({ ...okSignUp, ...change }))).toBe(expected);
  });

  it('keeps every landing-page parameter apart from the known fields', () => {
    const body = SignUpBodySchema.parse({
      ...okSignUp,
      code: 'ADV2026',
      utm_campaign: 'x',
      utm_source: 'pc',
      invite_code: 'ADV2026',
    });
    expect(extraParamsOf(body)).toEqual({
      utm_campaign: 'x',
      utm_source: 'pc',
      invite_code: 'ADV2026',
    });
  });

  it.each([
    [{}, 'nameEmpty'],
    [{ nickname: 'Li' }, 'emailEmpty'],
    [{ nickname: 'Li', email: 'li@example' }, 'emailError'],
    [{ nickname: 'Li', email: 'li@example.com', mobile: '' }, 'phoneEmpty'],
  ])('the /newUser form %j → %s (first message in form order)', (values, expected) => {
    expect(
      firstMessage(
        NewUserFormSchema.safeParse({
          mobile: '13800138000',
          country_code: '86',
          verification: '123456',
          wechat_id: 'w',
          ...values,
        }),
      ),
    ).toBe(expected);
  });

  it.each([
    [{ type: 3, value: 'landingpage-id:12' }, undefined],
    [{ type: '1' }, undefined],
    [{ type: 0 }, 'checkpointTypeError'],
    [{ type: 'x' }, 'checkpointTypeError'],
    [{ type: 3, value: 'v'.repeat(201) }, 'checkpointValueError'],
  ])('checkpoint %j → %s', (body, expected) => {
    expect(firstMessage(CheckpointBodySchema.safeParse(body))).toBe(expected);
  });
});

describe('the captcha payload (decision 041)', () => {
  it.each([
    [json(payload), payload],
    ['{"challenge":null}', undefined],
    ['not json', undefined],
    [json({ ...payload, solution: { counter: -1, derivedKey: 'e' } }), undefined],
  ])('reads %j', (value, parsed) => {
    // The decoding is the caller's (Buffer on the server); here the text is the JSON itself.
    expect(parseCaptchaPayload(value, (text) => text)).toEqual(parsed);
  });

  it('takes the base64 payload forms send', () => {
    expect(SignUpBodySchema.safeParse({ ...okSignUp, captcha: solution }).success).toBe(true);
  });
});
