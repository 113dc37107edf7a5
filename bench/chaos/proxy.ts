// A seeded fault proxy between the action and the emulator (127.0.0.1 only). Each request is, at the
// given rate, answered with a 5xx (sometimes echoing the caller's token, as careless servers do), a 429
// with Retry-After, a reset connection, a slow response, or forwarded and then has its response dropped
// (for a trigger: the run exists but the caller never hears of it). A read of a step's log may also have its
// body cut: the answer's status, headers and first bytes, then the connection closed; so may a read of a
// step's artifacts, at a rate of its own. Otherwise a request is
// forwarded untouched, with the Host the caller sent.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Random } from '../support/random.ts';

export type FaultKind = 'server error' | 'throttled' | 'reset' | 'slow' | 'lost response' | 'cut mid-body';
export const FAULT_KINDS: readonly FaultKind[] = [
  'server error',
  'throttled',
  'reset',
  'slow',
  'lost response',
  'cut mid-body',
];

export interface InjectedFault {
  at: number;
  method: string;
  path: string;
  kind: FaultKind;
  detail: string;
}

export interface FaultProxyOptions {
  /** The emulator, e.g. http://127.0.0.1:PORT. */
  target: string;
  random: Random;
  /** Share of requests that get a fault, 0..1. */
  rate: number;
  /** Share of step log reads that get a fault; default `rate`. */
  logRate?: number;
  /** Share of reads of a step's artifacts that get a fault; default `rate`. */
  artifactRate?: number;
  /** Echoed in some 5xx bodies: the client must never repeat it. */
  token: string;
  /** Range of the delay of a slow response, ms; default 200–2500. */
  slowMs?: readonly [number, number];
}

export interface FaultProxy {
  url: string;
  faults: InjectedFault[];
  /** Requests seen. */
  requests(): number;
  /** Reads of a step's log among them. */
  logReads(): number;
  /** Reads of a step's artifacts among them. */
  artifactReads(): number;
  close(): Promise<void>;
}

const WEIGHTS: readonly (readonly [number, FaultKind])[] = [
  [0.25, 'server error'],
  [0.2, 'throttled'],
  [0.15, 'reset'],
  [0.2, 'slow'],
  [0.2, 'lost response'],
];
// Triggers get more lost responses: that is the case exactly-once has to survive.
const TRIGGER_WEIGHTS: readonly (readonly [number, FaultKind])[] = [
  [0.2, 'server error'],
  [0.15, 'throttled'],
  [0.15, 'reset'],
  [0.15, 'slow'],
  [0.35, 'lost response'],
];
// A step log read live is read again from where the last read ended: a body cut halfway is the case that
// must neither lose a line nor print one twice.
const LOG_WEIGHTS: readonly (readonly [number, FaultKind])[] = [
  [0.3, 'server error'],
  [0.1, 'throttled'],
  [0.1, 'reset'],
  [0.1, 'slow'],
  [0.1, 'lost response'],
  [0.3, 'cut mid-body'],
];
// An archive read cut mid-body resumes with Range where it can, else starts over; a 5xx or a reset refuses
// it. Either way a download that fails is a warning, never the step's outcome.
const ARTIFACT_WEIGHTS: readonly (readonly [number, FaultKind])[] = [
  [0.25, 'server error'],
  [0.05, 'throttled'],
  [0.1, 'reset'],
  [0.05, 'slow'],
  [0.1, 'lost response'],
  [0.45, 'cut mid-body'],
];
const SLOW_MS: readonly [number, number] = [200, 2500];
const LOG_PATH = /^\/api\/v3\/runsteps\/[^/]+\/log\/?$/;
const ARTIFACTS_PATH = /^\/api\/v3\/runsteps\/[^/]+\/artifacts\/?$/;

/** A read of a step's log (`GET /api/v3/runsteps/:id/log`). */
export function isLogRead(request: Pick<InjectedFault, 'method' | 'path'>): boolean {
  return request.method === 'GET' && LOG_PATH.test(request.path);
}

/** A read of a step's artifacts (`GET /api/v3/runsteps/:id/artifacts`), whole or from a byte on. */
export function isArtifactRead(request: Pick<InjectedFault, 'method' | 'path'>): boolean {
  return request.method === 'GET' && ARTIFACTS_PATH.test(request.path);
}

/** What each fault kind draws besides itself, so that its answer is settled when the request comes. */
function weightsFor(method: string, path: string): readonly (readonly [number, FaultKind])[] {
  if (method === 'POST' && path.replace(/\/+$/, '') === '/api/v3/runs') return TRIGGER_WEIGHTS;
  if (isArtifactRead({ method, path })) return ARTIFACT_WEIGHTS;
  return isLogRead({ method, path }) ? LOG_WEIGHTS : WEIGHTS;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const faults: InjectedFault[] = [];
  const sockets = new Set<Socket>();
  let seen = 0;
  let logReads = 0;
  let artifactReads = 0;

  const server = http.createServer((request, response) => {
    seen += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const weights = weightsFor(method, path);
      if (weights === LOG_WEIGHTS) logReads += 1;
      if (weights === ARTIFACT_WEIGHTS) artifactReads += 1;
      const rate =
        weights === LOG_WEIGHTS
          ? (options.logRate ?? options.rate)
          : weights === ARTIFACT_WEIGHTS
            ? (options.artifactRate ?? options.rate)
            : options.rate;
      const kind = options.random.chance(rate) ? options.random.weighted(weights) : undefined;
      const record = (detail: string) => {
        if (kind) faults.push({ at: Date.now(), method, path, kind, detail });
      };
      const forward = (onAnswer: (upstream: http.IncomingMessage) => void) => {
        const upstream = http.request(
          {
            host: target.hostname,
            port: target.port,
            method,
            path: request.url,
            // The caller's Host, so that the URLs the server builds from it (a run's `url`, a step's
            // `logUrl`) point back through the proxy, and what is read there is faulted like the rest.
            headers: {
              ...request.headers,
              host: request.headers.host ?? target.host,
              'content-length': String(body.length),
            },
            agent,
          },
          onAnswer,
        );
        upstream.on('error', () => request.socket.destroy());
        upstream.end(body);
      };
      switch (kind) {
        case undefined:
          forward((upstream) => {
            response.writeHead(upstream.statusCode ?? 502, upstream.headers);
            upstream.pipe(response);
          });
          return;
        case 'server error': {
          const status = options.random.pick([500, 502, 503, 504]);
          const echo = options.random.chance(0.3);
          record(`${status}${echo ? ', body echoes the Authorization header' : ''}`);
          const message = echo
            ? `Upstream failure while handling request with Authorization: ${request.headers.authorization ?? ''}`
            : 'Injected server error';
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify({ statusCode: status, error: http.STATUS_CODES[status], message }));
          return;
        }
        case 'throttled': {
          const retryAfter = options.random.pick(['0', '1', '2']);
          record(`429, Retry-After: ${retryAfter}`);
          response.writeHead(429, {
            'content-type': 'application/json; charset=utf-8',
            'retry-after': retryAfter,
          });
          response.end(JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }));
          return;
        }
        case 'reset':
          record('connection reset before forwarding');
          request.socket.destroy();
          return;
        case 'slow': {
          const [shortest, longest] = options.slowMs ?? SLOW_MS;
          const delayMs = Math.round(options.random.between(shortest, longest));
          record(`${delayMs} ms before forwarding`);
          setTimeout(
            () =>
              forward((upstream) => {
                response.writeHead(upstream.statusCode ?? 502, upstream.headers);
                upstream.pipe(response);
              }),
            delayMs,
          );
          return;
        }
        case 'lost response':
          forward((upstream) => {
            record(`forwarded (${upstream.statusCode}), response dropped`);
            upstream.resume();
            upstream.on('end', () => request.socket.destroy());
          });
          return;
        case 'cut mid-body': {
          // Where in the body, drawn now so that the draws do not depend on when the answer comes.
          const share = options.random.next();
          forward((upstream) => cutMidBody(upstream, response, share, record));
          return;
        }
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    requests: () => seen,
    logReads: () => logReads,
    artifactReads: () => artifactReads,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/**
 * The upstream answer with its status and headers (the whole body's length among them) and the first part of
 * its body, at `share` of it (at least one byte, never all), then the connection closed. A body of less than
 * two bytes cannot be cut: it is forwarded whole, and no fault is recorded.
 */
function cutMidBody(
  upstream: http.IncomingMessage,
  response: http.ServerResponse,
  share: number,
  record: (detail: string) => void,
): void {
  const chunks: Buffer[] = [];
  upstream.on('data', (chunk: Buffer) => chunks.push(chunk));
  upstream.on('end', () => {
    const body = Buffer.concat(chunks);
    const headers = { ...upstream.headers, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    response.writeHead(upstream.statusCode ?? 502, headers);
    if (body.length < 2) {
      response.end(body);
      return;
    }
    const keep = 1 + Math.floor(share * (body.length - 1));
    record(`${upstream.statusCode}, ${keep} of ${body.length} bytes, then the connection closed`);
    // The bytes go out first, so that the caller reads them before the connection ends.
    response.write(body.subarray(0, keep), () => setTimeout(() => response.socket?.destroy(), 20));
  });
}
