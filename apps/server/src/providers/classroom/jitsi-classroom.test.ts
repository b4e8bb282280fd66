import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/app';
import { createJitsiClassroomProvider } from './jitsi-classroom';

const SECRET = 'a-shared-secret-of-the-jitsi-server';
const base = { baseUrl: 'https://meet.example.org', roomPrefix: 'School' };
const room = {
  roomKey: '0123456789abcdef0123456789abcdef',
  displayName: 'Ms Li',
  expiresAt: new Date('2031-05-01T10:15:00.000Z'),
};

describe('the Jitsi classroom', () => {
  it('gives the children and the teacher the same room', async () => {
    const jitsi = createJitsiClassroomProvider(base);
    const child = jitsi.joinUrl({ roomKey: room.roomKey, displayName: 'Ava' });
    const teacher = await jitsi.moderatorJoinUrl(room);
    const path = (url: string) => new URL(url).pathname;
    expect(path(child)).toBe(`/School-${room.roomKey}`);
    expect(path(teacher)).toBe(path(child));
  });

  it('without token authentication: the plain room address with the teacher’s name', async () => {
    const url = await createJitsiClassroomProvider(base).moderatorJoinUrl(room);
    expect(url).toBe(
      `https://meet.example.org/School-${room.roomKey}#userInfo.displayName=%22Ms%20Li%22&config.prejoinConfig.enabled=false`,
    );
    expect(url).not.toContain('jwt=');
  });

  it('with token authentication: a JWT (HS256) naming the teacher moderator of that room only', async () => {
    const jitsi = createJitsiClassroomProvider({
      ...base,
      jwt: { appId: 'portal', appSecret: SECRET },
    });
    const url = new URL(await jitsi.moderatorJoinUrl(room));
    expect(url.pathname).toBe(`/School-${room.roomKey}`);
    expect(url.hash).toContain('userInfo.displayName=%22Ms%20Li%22');
    const token = url.searchParams.get('jwt')!;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      issuer: 'portal',
      audience: 'jitsi',
      currentDate: new Date('2031-05-01T10:00:00.000Z'),
    });
    expect(payload).toMatchObject({
      room: `School-${room.roomKey}`,
      moderator: true,
      sub: 'meet.example.org',
      exp: Math.floor(room.expiresAt.getTime() / 1000),
      context: { user: { name: 'Ms Li', moderator: true } },
    });
    // Signed with the configured secret: another key does not verify it.
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-secret-of-16-chars'), {
        currentDate: new Date('2031-05-01T10:00:00.000Z'),
      }),
    ).rejects.toThrow();
    // Expired after the given instant.
    await expect(
      jwtVerify(token, new TextEncoder().encode(SECRET), {
        currentDate: new Date('2031-05-01T10:16:00.000Z'),
      }),
    ).rejects.toThrow(/exp/);
  });
});

describe('CLASSROOM_JITSI_APP_ID / CLASSROOM_JITSI_APP_SECRET', () => {
  it('are optional, with no default', () => {
    expect(testConfig().classroom.jwt).toBeUndefined();
  });

  it('configure token authentication together', () => {
    const config = testConfig({
      CLASSROOM_JITSI_APP_ID: 'portal',
      CLASSROOM_JITSI_APP_SECRET: SECRET,
    });
    expect(config.classroom.jwt).toEqual({ appId: 'portal', appSecret: SECRET });
  });

  it('refuse one without the other, and a short secret', () => {
    expect(() => testConfig({ CLASSROOM_JITSI_APP_ID: 'portal' })).toThrow(
      /CLASSROOM_JITSI_APP_SECRET/,
    );
    expect(() => testConfig({ CLASSROOM_JITSI_APP_SECRET: SECRET })).toThrow(
      /CLASSROOM_JITSI_APP_ID/,
    );
    expect(() =>
      testConfig({ CLASSROOM_JITSI_APP_ID: 'portal', CLASSROOM_JITSI_APP_SECRET: 'short' }),
    ).toThrow(/CLASSROOM_JITSI_APP_SECRET/);
  });
});
