import type { FastifyRequest } from 'fastify';
import type { StaffDetail, StaffSession, StaffSummary } from '@portal/shared/staff';
import type { RequestOrigin } from '../../modules/staff/staff-sessions.service';
import type {
  StaffMemberDetail,
  StaffMemberView,
  StaffSessionView,
} from '../../modules/staff/staff.service';

/** The staff accounts' domain objects on the wire (packages/shared/src/staff/accounts.ts). */

/** Where a request came from, for the session list and the audit log. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

/** `current`: the session the request came with. */
export function sessionWire(session: StaffSessionView, currentId?: number): StaffSession {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    ip: session.ip,
    userAgent: session.userAgent,
    current: session.id === currentId,
  };
}

export function memberWire(member: StaffMemberView): StaffSummary {
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    status: member.status,
    secondFactor: member.secondFactor,
    lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
    createdAt: member.createdAt.toISOString(),
  };
}

export function memberDetailWire(member: StaffMemberDetail, currentId?: number): StaffDetail {
  return {
    ...memberWire(member),
    sessions: member.sessions.map((session) => sessionWire(session, currentId)),
  };
}
