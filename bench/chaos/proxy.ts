// A seeded fault proxy between the action and the emulator (127.0.0.1 only). Each request is, at the
// given rate, answered with a 5xx (sometimes echoing the caller's token, as careless servers do), a 429
// with Retry-After, a reset connection, a slow response, or forwarded and then has its response dropped
// (for a trigger: the run exists but the caller never hears of it). Otherwise it is forwarded untouched,
// with the Host the caller sent.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Random } from '../support/random.ts';

export type FaultKind = 'server error' | 'throttled' | 'reset' | 'slow' | 'lost response';
export const FAULT_KINDS: readonly FaultKind[] = [
  'server error',
  'throttled',
  'reset',
  'slow',
  'lost response',
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
const SLOW_MS: readonly [number, number] = [200, 2500];

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const faults: InjectedFault[] = [];
  const sockets = new Set<Socket>();
  let seen = 0;

  const server = http.createServer((request, response) => {
    seen += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const isTrigger = method === 'POST' && path.replace(/\/+$/, '') === '/api/v3/runs';
      const kind = options.random.chance(options.rate)
        ? options.random.weighted(isTrigger ? TRIGGER_WEIGHTS : WEIGHTS)
        : undefined;
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
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
