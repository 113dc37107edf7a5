// Per-request helpers shared by the route modules: who is asking, the view context, access checks.
import type { FastifyRequest } from 'fastify';
import { authenticationRequired, forbidden, invalidToken } from './errors.ts';
import type { EmulatorState } from './state.ts';
import type { FaultSpec, RequestLogEntry } from './types.ts';
import type { ViewContext } from './views.ts';
import type { AppRecord, UserRecord } from './world-records.ts';

export interface RequestInfo {
  viewer?: UserRecord;
  log?: RequestLogEntry;
  /** Set when the socket was destroyed on purpose, so that no status is logged. */
  destroyed?: boolean;
  /** A fault that answers instead of handling the request. */
  failRequest?: FaultSpec;
  /** A fault that fails the response after the request was handled. */
  failResponse?: { status?: number; retryAfter?: string; dropAfterBytes?: number };
  holdMs?: number;
}

const infos = new WeakMap<FastifyRequest, RequestInfo>();

export function requestInfo(request: FastifyRequest): RequestInfo {
  let info = infos.get(request);
  if (!info) {
    info = {};
    infos.set(request, info);
  }
  return info;
}

/** The token from `Authorization: Bearer <token>`, else from `?token=`; undefined when none was sent. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // Basic auth, which the official Go clients send when given a username and password, worked "only for a
  // few endpoints": here it counts as no token, so public reads answer and the rest ask for a token.
  const basic = header !== undefined && /^Basic(\s|$)/i.test(header.trim());
  if (header !== undefined && header !== '' && !basic) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match?.[1]?.trim() ?? header;
  }
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The user whose token the request carries, if it is a known one; never throws. */
export function knownViewer(state: EmulatorState, request: FastifyRequest): UserRecord | undefined {
  const token = tokenOf(request);
  return token === undefined ? undefined : state.world.tokens.get(token);
}

/** Resolves the viewer; an unknown token is a 401 whatever the resource. */
export function authenticate(state: EmulatorState, request: FastifyRequest): UserRecord | undefined {
  const token = tokenOf(request);
  if (token === undefined) return undefined;
  const user = state.world.tokens.get(token);
  if (!user) throw invalidToken();
  return user;
}

export function viewContext(state: EmulatorState, request: FastifyRequest): ViewContext {
  const host = request.headers.host ?? `${request.hostname}`;
  return {
    base: `http://${host}`,
    world: state.world,
    quirks: state.quirks,
    now: state.world.now(),
    artifacts: state.artifacts,
  };
}

export function viewer(request: FastifyRequest): UserRecord | undefined {
  return requestInfo(request).viewer;
}

export function requireViewer(request: FastifyRequest): UserRecord {
  const user = viewer(request);
  if (!user) throw authenticationRequired();
  return user;
}

/** Public applications are readable by anyone; private ones by their owner and the owner's members. */
export function requireRead(state: EmulatorState, request: FastifyRequest, app: AppRecord): void {
  if (app.privacy === 'public') return;
  requireWrite(state, request, app);
}

export function requireWrite(state: EmulatorState, request: FastifyRequest, app: AppRecord): void {
  if (!state.world.isMember(requireViewer(request), app)) throw forbidden();
}

export function canRead(state: EmulatorState, user: UserRecord | undefined, app: AppRecord): boolean {
  return app.privacy === 'public' || state.world.isMember(user, app);
}

/** The path of the request as sent, without the query string. */
export function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}
