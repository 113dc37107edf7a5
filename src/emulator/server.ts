// The fastify application: the Host check, hooks for the request log, faults and authentication,
// Boom-shaped errors, and the route modules.
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerArtifactRoutes } from './artifacts/routes.ts';
import { STORAGE_PREFIX } from './artifacts/service.ts';
import { registerControlRoutes } from './control-routes.ts';
import { requireControlToken } from './control-token.ts';
import { ApiError, authenticationRequired, boom } from './errors.ts';
import { API_PREFIX } from './faults.ts';
import { hostCheck } from './host-check.ts';
import { authenticate, knownViewer, pathOf, requestInfo } from './http.ts';
import { registerPageRoutes } from './pages/routes.ts';
import { loggedBody, loggedQuery } from './request-log.ts';
import { registerApplicationRoutes } from './routes/applications.ts';
import { registerBuildRoutes } from './routes/builds.ts';
import { registerPipelineRoutes } from './routes/pipelines.ts';
import { registerRunRoutes } from './routes/runs.ts';
import { registerStepRoutes } from './routes/steps.ts';
import { registerWorkflowRoutes } from './routes/workflows.ts';
import type { EmulatorState } from './state.ts';
import { serializerCompiler, validatorCompiler } from './validation.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ServerOptions {
  logger: boolean;
  /** Hosts served besides the loopback names (host-check.ts). */
  hosts: readonly string[];
  /** What every /_emulator/ request must carry (control-token.ts). */
  controlToken: string;
}

export function buildServer(state: EmulatorState, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJson(app);
  refuseForeignHosts(app, hostCheck(options.hosts));
  requireControlToken(app, options.controlToken);
  registerApiHooks(app, state);
  registerErrorHandlers(app);
  registerRunRoutes(app, state);
  registerStepRoutes(app, state);
  registerArtifactRoutes(app, state);
  registerApplicationRoutes(app, state);
  registerBuildRoutes(app, state);
  registerWorkflowRoutes(app, state);
  registerPipelineRoutes(app, state);
  registerControlRoutes(app, state);
  registerPageRoutes(app, state);
  return app;
}

/** Clients sent `{}`, nothing, or an empty body with a JSON content type to abort; all are fine. */
function acceptEmptyJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'Invalid request payload JSON format'), undefined);
    }
  });
}

/** Registered before every other hook, so that a refused request is neither logged nor faulted. */
export function refuseForeignHosts(
  app: FastifyInstance,
  served: (host: string | undefined) => boolean,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (served(host)) return;
    const shown = host === undefined ? 'no Host header' : `host ${JSON.stringify(host)}`;
    return reply.code(421).send(boom(421, `This emulator does not serve ${shown}`));
  });
}

export function registerApiHooks(app: FastifyInstance, state: EmulatorState): void {
  // The fault is taken (and its delay served) on arrival; it answers once the body has been read,
  // so that the request log holds the body of a request that got a fault. A body is logged only when
  // the request carries a known token: nobody else can fill the log with what they send.
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request)) return;
    const info = requestInfo(request);
    info.log = state.log.add({
      at: Date.now(),
      method: request.method,
      path: pathOf(request),
      ...(request.routeOptions.url !== undefined ? { route: request.routeOptions.url } : {}),
      query: loggedQuery(stringQuery(request.query)),
      hasAuthorization: request.headers.authorization !== undefined,
    });
    state.stats.request(request.method, request.routeOptions.url);
    const fault = state.faults.take(request.method, pathOf(request), request.routeOptions.url);
    if (!fault) return;
    state.stats.fault(fault);
    if (fault.delayMs !== undefined && fault.delayMs > 0) await sleep(fault.delayMs);
    if (fault.holdMs !== undefined && fault.holdMs > 0) info.holdMs = fault.holdMs;
    if (fault.dropAfterBytes !== undefined) {
      info.failResponse = { dropAfterBytes: fault.dropAfterBytes };
    } else if (fault.afterApply) {
      info.failResponse = {
        ...(fault.status !== undefined ? { status: fault.status } : {}),
        ...(fault.retryAfter !== undefined ? { retryAfter: fault.retryAfter } : {}),
      };
    } else if (fault.destroySocket || fault.status !== undefined) {
      info.failRequest = fault;
    }
  });

  app.addHook('preValidation', async (request, reply) => {
    const info = requestInfo(request);
    if (!info.log) return;
    if (request.body !== undefined && knownViewer(state, request)) info.log.body = loggedBody(request.body);
    const fault = info.failRequest;
    if (fault?.destroySocket) {
      destroy(request, reply);
      return reply;
    }
    if (fault?.status !== undefined) {
      if (fault.retryAfter !== undefined) void reply.header('retry-after', fault.retryAfter);
      return reply.code(fault.status).send(boom(fault.status, 'Injected fault'));
    }
    state.world.sync();
    info.viewer = authenticate(state, request);
    if (!info.viewer && WRITE_METHODS.has(request.method) && request.routeOptions.url !== undefined) {
      throw authenticationRequired();
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const { holdMs } = requestInfo(request);
    if (holdMs !== undefined) await sleep(holdMs);
    const failure = requestInfo(request).failResponse;
    if (!failure) return payload;
    if (failure.dropAfterBytes !== undefined) {
      requestInfo(request).destroyed = true;
      void reply.removeHeader('content-length');
      return cutShort(payload, failure.dropAfterBytes, request.raw.socket);
    }
    if (failure.status === undefined) {
      destroy(request, reply);
      return payload;
    }
    if (failure.retryAfter !== undefined) void reply.header('retry-after', failure.retryAfter);
    void reply.code(failure.status).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(boom(failure.status, 'Injected fault'));
  });

  app.addHook('onResponse', async (request, reply) => {
    const info = requestInfo(request);
    if (info.log && !info.destroyed) info.log.status = reply.statusCode;
  });
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const failure = toApiError(error);
    if (failure.statusCode >= 500) request.log.error(error);
    const body = boom(failure.statusCode, failure.message, failure.details);
    return reply.code(failure.statusCode).send(body);
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(boom(404, `Not Found: ${request.method} ${pathOf(request)}`)),
  );
}

function toApiError(error: FastifyError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  return new ApiError(status, status === 500 ? 'An internal server error occurred' : error.message);
}

function destroy(request: FastifyRequest, reply: FastifyReply): void {
  requestInfo(request).destroyed = true;
  if (!reply.sent) reply.hijack();
  request.raw.socket.destroy();
}

/** The API and the archives on storage: what is logged, counted and faulted. */
function isApiPath(request: FastifyRequest): boolean {
  const path = pathOf(request);
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${STORAGE_PREFIX}/`);
}

function stringQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query))
      out[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

/** The body's first `bytes` bytes, then the connection dropped: an answer lost halfway. */
function cutShort(payload: unknown, bytes: number, socket: Socket): Readable {
  async function* parts(): AsyncGenerator<Buffer> {
    let sent = 0;
    const source: AsyncIterable<unknown> | Iterable<unknown> =
      payload instanceof Readable ? payload : [payload ?? ''];
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      const take = buffer.subarray(0, Math.max(0, bytes - sent));
      sent += take.length;
      if (take.length > 0) yield take;
      if (sent >= bytes) break;
    }
    // Let the bytes reach the wire before the connection goes.
    await sleep(20);
    socket.destroy();
  }
  return Readable.from(parts(), { objectMode: false });
}
