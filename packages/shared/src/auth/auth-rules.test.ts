import { describe, expect, it } from 'vitest';
import { EmailSchema } from './email';
import { isValidPassword, newPasswordField, SignInPasswordSchema } from './password';
import { maskPhone, phoneMaxLength, PhoneWithCodeSchema, stripNonDigits } from './phone';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('phone rules (spec §5)', () => {
  it.each([
    ['86', '13800138000', undefined],
    ['86', '138001380001', 'phoneError'], // 12 > 11 for 86
    ['1', '2025550123', undefined],
    ['1', '20255501234', 'phoneError'], // 11 > 10 for 1
    ['44', '447911123456789', undefined], // 15 is the default maximum
    ['44', '4479111234567890', 'phoneError'],
    ['86', '12345', 'phoneError'], // under 6
    ['86', '123456', undefined],
    ['86', '', 'phoneEmpty'],
    ['86', '   ', 'phoneEmpty'],
    ['86', '13800-138000', 'phoneError'],
    ['0', '13800138000', 'countryCodeError'],
    ['86a', '13800138000', 'countryCodeError'],
  ])('+%s %s → %s', (country_code, mobile, expected) => {
    expect(firstMessage(PhoneWithCodeSchema.safeParse({ country_code, mobile }))).toBe(expected);
  });

  it.each([
    ['86', 11],
    ['1', 10],
    ['852', 15],
  ])('max length for %s is %i', (code, max) => {
    expect(phoneMaxLength(code)).toBe(max);
  });

  it.each([
    ['138 0013-8000', '13800138000'],
    ['+86 (138)', '86138'],
    ['abc', ''],
  ])('strips %j to %j', (input, output) => {
    expect(stripNonDigits(input)).toBe(output);
  });

  it('masks all but the last two digits', () => {
    expect(maskPhone('86', '13800138000')).toBe('+86 *********00');
    expect(maskPhone('86', '13800138000')).not.toContain('138001');
  });
});

describe('password rules (docs/product.md → Sign-in)', () => {
  it.each([
    ['abcdefg1', true],
    ['abcdef1', false], // 7 characters
    ['abcdefgh', false], // no digit
    ['12345678', false], // no letter
    ['Pa$$w0rd with spaces!', true], // symbols and spaces allowed
    ['密码abcd1234', true],
    ['abc\u0000defg1', false], // control character
    [`a1${'x'.repeat(126)}`, true], // 128
    [`a1${'x'.repeat(127)}`, false], // 129
  ])('%j → %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });

  it.each([
    ['', 'newPswEmpty'],
    ['short1', 'passwordLessThan'],
    ['longenough1', undefined],
  ])('new password %j → %s', (password, expected) => {
    expect(firstMessage(newPasswordField('newPswEmpty').safeParse(password))).toBe(expected);
  });

  it.each([
    ['', 'passwordEmpty'],
    [undefined, 'passwordEmpty'],
    ['x', undefined], // sign-in only requires it
    ['x'.repeat(129), 'passwordLessThan'],
  ])('sign-in password %j → %s', (password, expected) => {
    expect(firstMessage(SignInPasswordSchema.safeParse(password))).toBe(expected);
  });
});

describe('e-mail rules (spec §5)', () => {
  it.each([
    ['parent@example.com', undefined],
    ['first.last-name_1@mail.example.cn', undefined],
    ['', 'emailEmpty'],
    ['parent@example', 'emailError'],
    ['parent@example.c', 'emailError'], // ending of 2–4 letters
    ['parent@example.museum', 'emailError'],
    ['par+ent@example.com', 'emailError'], // + is not in the allowed local part
    [`${'a'.repeat(39)}@example.com`, 'emailError'], // 51 characters
    [`${'a'.repeat(38)}@example.com`, undefined], // 50 characters
  ])('%j → %s', (email, expected) => {
    expect(firstMessage(EmailSchema.safeParse(email))).toBe(expected);
  });
});
