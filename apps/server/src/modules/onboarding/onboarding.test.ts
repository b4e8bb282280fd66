import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisers, avatars } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/helpers/app';
import { createParent, createSignedInParent } from '../../../test/factories/parents';
import { findParentById } from '../parents/parents.service';

let t: TestApp;
let adviserId: number;
let avatarId: number;
let ipCounter = 0;
const nextIp = () => `10.8.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

beforeAll(async () => {
  t = await buildTestApp();
  const [adviser] = await t.ctx.db
    .insert(advisers)
    .values({ name: 'Referral Rose', invite_code: 'REF3' })
    .returning();
  adviserId = adviser!.id;
  const [avatar] = await t.ctx.db
    .insert(avatars)
    .values({ url: '/img/avatars/avatar-1.svg' })
    .returning();
  avatarId = avatar!.id;
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: object = {}, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { lang, ...headers },
    remoteAddress: nextIp(),
  });

const details = { name: 'Zhang Wei', email: 'zhang.wei@example.com', wechat: 'zw_2026' };

describe('POST /api/parent/saveEmail', () => {
  it('saves name, e-mail and chat ID, and shows them on the profile', async () => {
    const { headers, parent } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post('/api/parent/saveEmail', headers, {
      ...details,
      email: 'Zhang.Wei@Example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      msg: 'Your details have been saved.',
      data: { message: 'Your details have been saved.' },
    });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().data).toMatchObject({
      name: 'Zhang Wei',
      email: 'zhang.wei@example.com',
      wechat_id: 'zw_2026',
      referer: null,
      status: 0,
    });
    expect((await findParentById(t.ctx.db, parent.id))!.adviser_id).toBeNull();
  });

  it('applies a verified referral code: referrer, code and the adviser when the parent has none', async () => {
    const { headers, parent } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post('/api/saveEmail', headers, {
      ...details,
      email: 'ref@example.com',
      inviteCode: 'REF3',
    });
    expect(response.statusCode).toBe(200);
    expect(await findParentById(t.ctx.db, parent.id)).toMatchObject({
      referer: 'Referral Rose',
      referer_code: 'REF3',
      adviser_id: adviserId,
    });
  });

  it('keeps the adviser a parent already has', async () => {
    const [other] = await t.ctx.db
      .insert(advisers)
      .values({ name: 'First Fay', invite_code: 'FST4' })
      .returning();
    const { headers, parent } = await createSignedInParent(t.ctx, {
      status: 0,
      adviser_id: other!.id,
    });
    await post('/api/parent/saveEmail', headers, {
      ...details,
      email: 'keep@example.com',
      inviteCode: 'REF3',
    });
    expect(await findParentById(t.ctx.db, parent.id)).toMatchObject({
      referer_code: 'REF3',
      adviser_id: other!.id,
    });
  });

  it('refuses an unknown referral code and changes nothing', async () => {
    const { headers, parent } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post(
      '/api/parent/saveEmail',
      headers,
      { ...details, email: 'unknown@example.com', inviteCode: 'NOPE' },
      'zh_CN',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('推荐码验证失败。');
    expect(await findParentById(t.ctx.db, parent.id)).toMatchObject({
      name: parent.name,
      email: null,
      wechat: null,
      referer_code: null,
    });
  });

  it.each([
    [{ name: '' }, 'Please enter your name.'],
    [{ name: 'x'.repeat(51) }, 'The name can be at most 50 characters.'],
    [{ email: '' }, 'Please enter your email.'],
    [{ email: 'zhang@' }, 'Please enter the correct email address.'],
    [{ wechat: '' }, 'Please enter your chat ID.'],
  ])('refuses %j', async (change, msg) => {
    const { headers, parent } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post('/api/parent/saveEmail', headers, { ...details, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    expect((await findParentById(t.ctx.db, parent.id))!.email).toBeNull();
  });

  it('refuses an e-mail another account has', async () => {
    await createParent(t.ctx, { email: 'owner@example.com' });
    const { headers } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post('/api/parent/saveEmail', headers, {
      ...details,
      email: 'OWNER@example.com',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('This e-mail is already used by another account.');
  });

  it('is for onboarding only', async () => {
    const { headers } = await createSignedInParent(t.ctx, { status: 1 });
    const response = await post('/api/parent/saveEmail', headers, {
      ...details,
      email: 'late@example.com',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('Your account is already set up.');
  });

  it('needs a session', async () => {
    const response = await post('/api/parent/saveEmail', {}, details);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(10001);
  });
});

describe('POST /api/verifyInvitationCode', () => {
  it.each([
    ['REF3', true, 'Referral code verified.'],
    [' REF3 ', true, 'Referral code verified.'],
    ['ref3', false, 'Recommendation code verification failed.'],
    ['NOPE', false, 'Recommendation code verification failed.'],
  ])('%j → %s', async (code, result, msg) => {
    const { headers } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post('/api/verifyInvitationCode', headers, { code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ msg, data: { result } });
  });

  it('asks for a code when it is empty', async () => {
    const { headers } = await createSignedInParent(t.ctx, { status: 0 });
    const response = await post('/api/verifyInvitationCode', headers, { code: ' ' }, 'zh_CN');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('请输入推荐码。');
  });

  it('limits guesses to 20 a minute per IP address', async () => {
    const { headers } = await createSignedInParent(t.ctx, { status: 0 });
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/verifyInvitationCode',
        payload: { code: 'GUESS' },
        headers,
        remoteAddress: '10.96.0.1',
      });
    for (let i = 0; i < 20; i += 1) expect((await guess()).statusCode).toBe(200);
    expect((await guess()).statusCode).toBe(429);
  });
});

describe('POST /api/setUserStatus', () => {
  async function addChild(headers: Record<string, string>) {
    const response = await post('/api/students', headers, {
      avatar: avatarId,
      birth_date: '5/14/2019',
      nickname: 'Mia',
    });
    expect(response.statusCode).toBe(200);
  }

  it('marks onboarding done once the form is saved and a child exists', async () => {
    const { headers, parent } = await createSignedInParent(t.ctx, { status: 0 });
    const early = await post('/api/setUserStatus', headers);
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toBe('Please enter your name, e-mail and chat ID first.');

    await post('/api/parent/saveEmail', headers, { ...details, email: 'done@example.com' });
    const noChild = await post('/api/setUserStatus', headers, {}, 'zh_CN');
    expect(noChild.statusCode).toBe(400);
    expect(noChild.json().msg).toBe('请先添加孩子。');
    expect((await findParentById(t.ctx.db, parent.id))!.status).toBe(0);

    await addChild(headers);
    const done = await post('/api/setUserStatus', headers);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ status: 1 });
    expect((await findParentById(t.ctx.db, parent.id))!.status).toBe(1);

    // Calling it again changes nothing.
    expect((await post('/api/setUserStatus', headers)).json().data).toEqual({ status: 1 });
  });

  it('needs a session', async () => {
    expect((await post('/api/setUserStatus', {})).statusCode).toBe(401);
  });
});
