// The control API can reset the world, inject faults and read every request: it answers only to
// the control token, in a header. A header (not a cookie or a query parameter) is what a web page
// cannot add to a cross-origin request without a CORS preflight, which the emulator never grants.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boom } from './errors.ts';
import { pathOf } from './http.ts';

const CONTROL_PREFIX = '/_emulator';
const CONTROL_TOKEN_HEADER = 'x-emulator-token';

export function newControlToken(): string {
  return randomBytes(24).toString('base64url');
}

export function checkControlToken(token: string): string {
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new Error('the control token must be printable ASCII without spaces');
  return token;
}

/** The tokens a request offers: `Authorization: Bearer <token>` and `x-emulator-token: <token>`. */
function offeredTokens(request: FastifyRequest): string[] {
  const offered: string[] = [];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1] !== undefined) offered.push(bearer[1]);
  const header = request.headers[CONTROL_TOKEN_HEADER];
  if (typeof header === 'string' && header !== '') offered.push(header);
  return offered;
}

function isControlRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  const path = route ?? pathOf(request);
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`);
}

export function requireControlToken(app: FastifyInstance, token: string): void {
  const expected = Buffer.from(token);
  const matches = (offered: string) => {
    const given = Buffer.from(offered);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!isControlRequest(request)) return;
    const offered = offeredTokens(request);
    if (offered.some(matches)) return;
    const message =
      offered.length === 0
        ? `The control API needs the control token: Authorization: Bearer <token> or ${CONTROL_TOKEN_HEADER}: <token>`
        : 'The control token is not valid';
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="emulator control"')
      .send(boom(401, message));
  });
}
