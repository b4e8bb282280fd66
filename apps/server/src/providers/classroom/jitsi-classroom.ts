import { SignJWT } from 'jose';
import type { ClassroomProvider } from './classroom';

/** Jitsi token authentication (prosody `token` auth): the app id and its shared secret. */
export interface JitsiTokenConfig {
  appId: string;
  appSecret: string;
}

/**
 * Jitsi Meet (the default, meet.jit.si or a self-hosted server): a room exists as soon as someone
 * opens its address, so the room name itself is the secret — prefix plus 128 random bits. With
 * token authentication configured, the teacher's address carries a JWT naming them moderator of
 * that one room (https://github.com/jitsi/lib-jitsi-meet/blob/master/doc/tokens.md).
 */
export function createJitsiClassroomProvider(config: {
  baseUrl: string;
  roomPrefix: string;
  jwt?: JitsiTokenConfig;
}): ClassroomProvider {
  const roomOf = (roomKey: string) => `${config.roomPrefix}-${roomKey}`;
  // Jitsi reads settings from the fragment; it never reaches the server's logs.
  const fragment = (displayName: string) =>
    `#userInfo.displayName=${encodeURIComponent(JSON.stringify(displayName))}&config.prejoinConfig.enabled=false`;
  const secret = config.jwt ? new TextEncoder().encode(config.jwt.appSecret) : undefined;
  return {
    kind: 'jitsi',
    joinUrl({ roomKey, displayName }) {
      return `${config.baseUrl}/${roomOf(roomKey)}${fragment(displayName)}`;
    },
    async moderatorJoinUrl({ roomKey, displayName, expiresAt }) {
      const room = roomOf(roomKey);
      if (!config.jwt || !secret) return `${config.baseUrl}/${room}${fragment(displayName)}`;
      const token = await new SignJWT({
        room,
        moderator: true,
        context: { user: { name: displayName, moderator: true } },
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(config.jwt.appId)
        .setAudience('jitsi')
        .setSubject(new URL(config.baseUrl).hostname)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
      // The token goes in the query: Jitsi reads `jwt` there, not from the fragment.
      return `${config.baseUrl}/${room}?jwt=${token}${fragment(displayName)}`;
    },
  };
}
