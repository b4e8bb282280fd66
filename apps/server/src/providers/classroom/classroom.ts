/**
 * The live classroom (docs/product.md → Outside services). The portal does not host lessons; it
 * hands the child a join address for the lesson's room on the configured classroom service.
 */
export interface ClassroomProvider {
  readonly kind: 'jitsi';
  /**
   * The address that opens the lesson's room. `roomKey` is the lesson's unguessable secret, so
   * only those given the address find the room; `displayName` pre-fills the child's name.
   */
  joinUrl(room: { roomKey: string; displayName: string }): string;
  /**
   * The address that opens the same room for its teacher, as moderator where the service
   * supports it (Jitsi with token authentication: a signed token valid until `expiresAt`),
   * otherwise the plain room address with the teacher's name.
   */
  moderatorJoinUrl(room: {
    roomKey: string;
    displayName: string;
    expiresAt: Date;
  }): Promise<string>;
}
