import { createHash } from 'node:crypto';
import { captchaInput, leadingZeroBits, meetsDifficulty } from '@portal/shared/onboarding';
import { describe, expect, it } from 'vitest';
import { searchNonce } from './pow';
import { sha256 } from './sha256';

const nodeSha256 = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const encode = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256 (the captcha search hashes in plain JavaScript)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['a'.repeat(200), hex(nodeSha256('a'.repeat(200)))],
    ['验证码', hex(nodeSha256('验证码'))],
  ])('sha256(%j)', (input, digest) => {
    expect(hex(sha256(encode(input)))).toBe(digest);
  });
});

describe('searchNonce', () => {
  it.each([
    ['0123456789abcdef0123456789abcdef', 8],
    ['0123456789abcdef0123456789abcdef', 12],
    ['short', 10],
    // 60 characters: longer than one block, so the general path runs.
    ['x'.repeat(60), 6],
  ])('finds the first nonce the server accepts (salt %j, %i bits)', (salt, difficulty) => {
    const nonce = searchNonce(salt, difficulty, 0, 1 << 20)!;
    expect(nonce).toBeDefined();
    expect(meetsDifficulty(nodeSha256(captchaInput(salt, nonce)), difficulty)).toBe(true);
    // It is the first one: every smaller nonce fails the server's rule.
    for (let smaller = 0; smaller < nonce; smaller += 1)
      expect(leadingZeroBits(nodeSha256(captchaInput(salt, smaller)))).toBeLessThan(difficulty);
  });

  it('answers undefined when the slice holds no solution', () => {
    const salt = '0123456789abcdef0123456789abcdef';
    const nonce = searchNonce(salt, 12, 0, 1 << 20)!;
    expect(searchNonce(salt, 12, 0, nonce)).toBeUndefined();
    expect(searchNonce(salt, 12, nonce, 1)).toBe(nonce);
  });
});
