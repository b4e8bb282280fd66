import type { ClassroomProvider } from './classroom';

/**
 * Jitsi Meet (the default, meet.jit.si or a self-hosted server): a room exists as soon as someone
 * opens its address, so the room name itself is the secret — prefix plus 128 random bits.
 */
export function createJitsiClassroomProvider(config: {
  baseUrl: string;
  roomPrefix: string;
}): ClassroomProvider {
  return {
    kind: 'jitsi',
    joinUrl({ roomKey, displayName }) {
      const room = `${config.roomPrefix}-${roomKey}`;
      // Jitsi reads settings from the fragment; it never reaches the server's logs.
      const name = encodeURIComponent(JSON.stringify(displayName));
      return `${config.baseUrl}/${room}#userInfo.displayName=${name}&config.prejoinConfig.enabled=false`;
    },
  };
}
