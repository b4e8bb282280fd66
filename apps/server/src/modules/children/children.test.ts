import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAvatars } from '../../db/seed/children';
import { updateParent } from '../parents/parents.service';
import { buildTestApp, TestClock, type TestApp } from '../../../test/helpers/app';
import { createSignedInParent } from '../../../test/factories/parents';

let t: TestApp;
let avatarIds: number[];

beforeAll(async () => {
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-22T02:00:00Z')) });
  avatarIds = await t.ctx.db.transaction((tx) => seedAvatars(tx));
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, payload: object, headers: Headers) =>
  t.app.inject({ method: 'POST', url, payload, headers: { lang: 'en', ...headers } });
const child = (overrides: object = {}) => ({
  avatar: avatarIds[0],
  birth_date: '5/14/2018',
  nickname: 'Mia',
  ...overrides,
});

async function listChildren(headers: Headers) {
  return (await t.app.inject({ method: 'GET', url: '/api/students', headers })).json().data as {
    student_sn: string;
    nickname: string;
    birth_date: string;
    age: number;
    avatar: string;
  }[];
}

describe('children', () => {
  it('adds, lists, edits and deletes a child', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const added = await post('/api/students', child(), headers);
    expect(added.statusCode).toBe(200);
    const [mia] = await listChildren(headers);
    expect(mia).toMatchObject({
      nickname: 'Mia',
      birth_date: '5/14/2018',
      age: 8,
      avatar: '/img/avatars/avatar-1.svg',
    });

    const edited = await post(
      '/api/students/edit',
      child({ student_sn: mia!.student_sn, nickname: 'Mia Li', avatar: avatarIds[2] }),
      headers,
    );
    expect(edited.statusCode).toBe(200);
    expect((await listChildren(headers))[0]).toMatchObject({
      nickname: 'Mia Li',
      avatar: '/img/avatars/avatar-3.svg',
    });

    const deleted = await post(
      '/api/students/studentid/delete',
      { student_sn: mia!.student_sn },
      headers,
    );
    expect(deleted.json()).toMatchObject({ code: 200, msg: 'Deleted successfully' });
    expect(await listChildren(headers)).toEqual([]);
  });

  it.each([
    [{ avatar: undefined, birth_date: '', nickname: '' }, 'Please select avatar.'],
    [{ birth_date: '', nickname: '' }, 'Please select Child’s Birthday.'],
    [{ nickname: '' }, 'Please enter Child’s Name.'],
    [{ birth_date: '2018-05-14' }, 'Please select Child’s Birthday.'],
    [{ birth_date: '2/30/2018' }, 'Please select Child’s Birthday.'],
    [{ birth_date: '11/22/2026' }, 'The birthday must be before today.'],
    [{ birth_date: '1/1/2030' }, 'The birthday must be before today.'],
    [{ avatar: 99999 }, 'Please select avatar.'],
    [{ nickname: 'x'.repeat(21) }, 'The name can be at most 20 characters.'],
  ])('checks in the spec order: %j → %s', async (overrides, msg) => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await post('/api/students', child(overrides), headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    expect(await listChildren(headers)).toEqual([]);
  });

  it("judges 'today' in the parent's zone", async () => {
    // 02:00 UTC on 22 Nov is already 22 Nov in Shanghai but still 21 Nov in Los Angeles.
    const shanghai = await createSignedInParent(t.ctx, { time_zone: 'Asia/Shanghai' });
    const la = await createSignedInParent(t.ctx, { time_zone: 'America/Los_Angeles' });
    expect(
      (await post('/api/students', child({ birth_date: '11/21/2026' }), shanghai.headers))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/students', child({ birth_date: '11/21/2026' }), la.headers)).statusCode,
    ).toBe(400);
  });

  it('holds the self-service limit of 3, also for parallel adds, and the adviser can raise it up to 6', async () => {
    const { parent, headers } = await createSignedInParent(t.ctx);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post('/api/students', child({ nickname: `Kid ${i}` }), headers),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.find((r) => r.statusCode === 400)!.json().msg).toMatch(
      /contact your course adviser/,
    );
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })
    ).json().data;
    expect(profile).toMatchObject({ child_limit: 3, can_add_child: false });

    await updateParent(t.ctx.db, parent.id, { child_limit_override: 10 }, t.clock.now());
    for (let i = 0; i < 3; i += 1)
      expect(
        (await post('/api/students', child({ nickname: `More ${i}` }), headers)).statusCode,
      ).toBe(200);
    const seventh = await post('/api/students', child({ nickname: 'Seventh' }), headers);
    expect(seventh.statusCode).toBe(400);
    expect((await listChildren(headers)).length).toBe(6);
  });

  it("refuses another parent's child for every call", async () => {
    const owner = await createSignedInParent(t.ctx);
    const intruder = await createSignedInParent(t.ctx);
    await post('/api/students', child(), owner.headers);
    const [own] = await listChildren(owner.headers);
    const sn = own!.student_sn;
    for (const [url, payload] of [
      ['/api/students/edit', child({ student_sn: sn, nickname: 'Hacked' })],
      ['/api/students/studentid/delete', { student_sn: sn }],
      ['/api/setLastStudent', { last_student_sn: sn }],
    ] as const) {
      const response = await post(url, payload, intruder.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe('This child was not found.');
    }
    expect(await listChildren(intruder.headers)).toEqual([]);
    expect((await listChildren(owner.headers))[0]).toMatchObject({ nickname: 'Mia' });
  });

  it('makes a child the current one on the profile', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    await post('/api/students', child({ nickname: 'First' }), headers);
    await post('/api/students', child({ nickname: 'Second', avatar: avatarIds[1] }), headers);
    const [, second] = await listChildren(headers);
    expect(
      (await post('/api/setLastStudent', { last_student_sn: second!.student_sn }, headers))
        .statusCode,
    ).toBe(200);
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })
    ).json().data;
    expect(profile.last_student_sn).toBe(second!.student_sn);
    expect(profile.student_info).toMatchObject({
      nickname: 'Second',
      avatar: '/img/avatars/avatar-2.svg',
    });
  });

  it('lists the avatar options', async () => {
    const { headers } = await createSignedInParent(t.ctx);
    const response = await t.app.inject({ method: 'GET', url: '/api/getGeadimg', headers });
    expect(response.json().data.data).toHaveLength(8);
    expect(response.json().data.data[0]).toMatchObject({
      url: '/img/avatars/avatar-1.svg',
      selected: false,
    });
  });

  it.each(['/api/students', '/api/getGeadimg'])('refuses %s without a session', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
