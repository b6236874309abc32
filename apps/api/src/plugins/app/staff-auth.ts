import { STAFF_SESSION_COOKIE, STAFF_TEXTS, type StaffRole, worksEverywhere } from '@fieldhouse/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { staffVenues } from '../../services/staff/accounts.ts';
import { findStaffSession } from '../../services/staff/sessions.ts';

export type AuthenticatedStaff = {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  sessionId: number;
  /** The venues the staff member works at (every venue for an administrator). */
  venueIds: number[];
};

declare module 'fastify' {
  interface FastifyRequest {
    staff: AuthenticatedStaff | null;
  }
  interface FastifyInstance {
    setStaffSessionCookie: (request: FastifyRequest, reply: FastifyReply, token: string) => void;
    clearStaffSessionCookie: (request: FastifyRequest, reply: FastifyReply) => void;
  }
  interface FastifyContextConfig {
    /** The staff roles a route of the console allows (set by `staffScope`; the API document states it). */
    staffRoles?: readonly StaffRole[];
  }
}

/**
 * Every route of this scope needs a live staff session (401, cookie cleared, otherwise) whose role is one of
 * `roles` (403 otherwise). Checked on the server for every call; the console only hides what it cannot use.
 */
export function staffScope(app: FastifyInstance, roles: readonly StaffRole[]) {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, staffRoles: roles };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const found = token ? await findStaffSession(app.db, token, app.now()) : null;
    if (!found) {
      app.clearStaffSessionCookie(request, reply);
      return reply.code(401).send({ message: STAFF_TEXTS.sessionExpired });
    }
    const { account } = found;
    if (!roles.includes(account.role)) return reply.code(403).send({ message: STAFF_TEXTS.forbidden });
    request.staff = {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      sessionId: found.sessionId,
      venueIds: (await staffVenues(app.db, account)).map((v) => v.id),
    };
  });
}

/** Refuses (404, as if absent) a record at a venue the staff member does not work at. */
export function worksAt(staff: AuthenticatedStaff, venueId: number | null) {
  return worksEverywhere(staff.role) || (venueId !== null && staff.venueIds.includes(venueId));
}

/**
 * Where a staff member may act: every venue for the roles that work everywhere (administrator, finance), else the
 * venues they work at. The one place this is decided; services take the result.
 */
export const venueScopeOf = (
  staff: Pick<AuthenticatedStaff, 'role' | 'venueIds'>,
): { venueIds: number[] | 'all' } => ({
  venueIds: worksEverywhere(staff.role) ? 'all' : staff.venueIds,
});

export default fp(
  async (app) => {
    // Host-only (no Domain, unlike the members' COOKIE_DOMAIN cookies): the staff session goes only to the host
    // the console was logged in on (ADMIN_URL's, or the single origin), never to the member sites' hosts.
    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      sameSite: 'strict' as const,
      secure: request.protocol === 'https',
      httpOnly: true,
    });
    app.decorateRequest('staff', null);
    app.decorate('setStaffSessionCookie', (request: FastifyRequest, reply: FastifyReply, token: string) => {
      // A session cookie (no Max-Age): it also ends with the browser; the server ends it when idle.
      reply.setCookie(STAFF_SESSION_COOKIE, token, cookieOptions(request));
    });
    app.decorate('clearStaffSessionCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(STAFF_SESSION_COOKIE, cookieOptions(request));
    });
  },
  { name: 'app-staff-auth', dependencies: ['app-db', 'app-csrf', 'external-cookie'] },
);
