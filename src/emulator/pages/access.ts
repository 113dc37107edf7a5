// Who may read a page. Public applications' pages are open to anyone; a private application's need a
// token of its owner or of a member of the owning organisation, the same rule as the API's. A person
// gives the token once, as `?token=` or through the token form, and keeps it in an HttpOnly cookie; a
// `?token=` is answered with a redirect to the same page without it, so that the token leaves the address
// bar, the history and any Referer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canRead } from '../http.ts';
import type { EmulatorState } from '../state.ts';
import type { AppRecord, UserRecord } from '../world-records.ts';
import { sendPage, type Page } from './document.ts';
import { escapeHtml } from '../../text/safety.ts';
import { text } from './format.ts';

const TOKEN_COOKIE = 'ci_emulator_token';
const LOGIN_PATH = '/login';

interface Offered {
  token: string;
  from: 'header' | 'query' | 'cookie';
}

export type PageAccess = { allowed: true; headers: Record<string, string> } | { allowed: false; page: Page };

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.split('=');
    if (key?.trim() !== name) continue;
    try {
      return decodeURIComponent(rest.join('=').trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token from `Authorization: Bearer`, else `?token=`, else the cookie; undefined when none was sent. */
function offeredToken(request: FastifyRequest): Offered | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1] !== undefined) return { token: bearer[1], from: 'header' };
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.token === 'string' && query.token !== '') return { token: query.token, from: 'query' };
  const cookie = cookieOf(request, TOKEN_COOKIE);
  return cookie !== undefined && cookie !== '' ? { token: cookie, from: 'cookie' } : undefined;
}

const tokenCookie = (token: string) =>
  `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax`;
const clearedCookie = `${TOKEN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

/**
 * For a page asked for with a known `?token=` (and no Authorization header): the cookie that keeps the
 * token, and where to send the browser instead, the same page without it.
 */
export function tokenRedirect(
  state: EmulatorState,
  request: FastifyRequest,
): { location: string; cookie: string } | undefined {
  const offered = offeredToken(request);
  if (offered?.from !== 'query' || !state.world.tokens.has(offered.token)) return undefined;
  const path = returnPath(request);
  // A path that a browser would read as another host (`//host`, `/\\host`) is never sent back.
  return { location: /^\/(?![/\\])/.test(path) ? path : '/', cookie: tokenCookie(offered.token) };
}

/** Whether the request may see `app`'s pages; when not, the page that asks for a token. */
export function pageAccess(state: EmulatorState, request: FastifyRequest, app: AppRecord): PageAccess {
  const offered = offeredToken(request);
  const user: UserRecord | undefined = offered ? state.world.tokens.get(offered.token) : undefined;
  const headers: Record<string, string> = {};
  if (offered?.from === 'cookie' && !user) headers['set-cookie'] = clearedCookie;
  if (canRead(state, user, app)) return { allowed: true, headers };
  const name = `${app.owner.username}/${app.name}`;
  let reason = `${name} is private: its pages need a token of its owner or of a member of the owning organisation.`;
  if (offered && !user) reason = 'That token is not known here. Give another one.';
  if (user) reason = `The token of ${user.username} gives no access to ${name}. Give another one.`;
  const page = tokenPage(reason, returnPath(request));
  return { allowed: false, page: { ...page, status: user ? 403 : 401, headers } };
}

/** The page's own address without its token, for the form to come back to. */
function returnPath(request: FastifyRequest): string {
  const url = new URL(request.raw.url ?? '/', 'http://page.invalid');
  url.searchParams.delete('token');
  return url.pathname + url.search;
}

function tokenPage(reason: string, next: string): Page {
  return {
    status: 401,
    title: 'Token needed',
    body: `<h1>Token needed</h1>
<p>${text(reason)}</p>
<form class="token" method="post" action="${LOGIN_PATH}">
<input type="hidden" name="next" value="${escapeHtml(next)}">
<input type="password" name="token" aria-label="API token" placeholder="API token" autocomplete="off" required autofocus>
<button type="submit">Show the page</button>
</form>
<p class="muted">Or add <code>?token=…</code> to the address. The token is kept in a cookie of this browser until it closes.</p>`,
  };
}

/** Where the form may send the browser back to: a path of this server, never another origin. */
function safeNext(next: string | null): string {
  if (next === null) return '/';
  try {
    const url = new URL(next, 'http://page.invalid');
    return url.origin === 'http://page.invalid' && next.startsWith('/') ? url.pathname + url.search : '/';
  } catch {
    return '/';
  }
}

/** `POST /login` (the token form): checks the token, sets the cookie, sends the browser back. */
export function registerLoginRoute(app: FastifyInstance, state: EmulatorState): void {
  // In a scope of its own, so that the API keeps refusing form bodies.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    scope.post(LOGIN_PATH, async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== `http://${request.headers.host ?? ''}`) {
        return sendPage(reply, {
          status: 403,
          title: 'Refused',
          body: '<h1>Refused</h1><p>A form of another site.</p>',
        });
      }
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const next = safeNext(form.get('next'));
      const token = form.get('token') ?? '';
      if (!state.world.tokens.has(token)) {
        return sendPage(reply, tokenPage('That token is not known here. Give another one.', next));
      }
      return reply.code(303).header('location', next).header('set-cookie', tokenCookie(token)).send();
    });
  });
}
