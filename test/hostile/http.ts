// The HTTP side of the hostile-server tests: what a listener records of a request, how an answer is
// sent, and the "elsewhere" listener that stands for every origin other than the API's.
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { RouteName } from './world.ts';

export interface Recorded {
  listener: 'api' | 'elsewhere';
  method: string;
  /** The request target as received: a path, an absolute URL (sent to the proxy) or `host:port` (CONNECT). */
  target: string;
  /** The Host header. */
  host: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** API requests: the route the path matched, if any, and its decoded parameters. */
  route?: RouteName;
  params: string[];
  query: URLSearchParams;
}

export interface Answer {
  /** Default 200. */
  status?: number;
  json?: unknown;
  text?: string | Buffer;
  headers?: Record<string, string>;
  /** Cut the connection without answering. */
  destroy?: boolean;
  /**
   * Send the headers (and the body, if any), then one more byte every this many ms, never ending: a
   * server that keeps a request alive without ever answering it.
   */
  trickleMs?: number;
}

export interface Elsewhere {
  /** An origin on another loopback address (127.0.0.2, or 127.0.0.1 where that cannot be bound). */
  url: string;
  /** The same listener's sibling on 127.0.0.1, on a port of its own: another origin, same host. */
  otherPortUrl: string;
  /** For HTTP_PROXY and HTTPS_PROXY. */
  proxyUrl: string;
  requests(): Recorded[];
}

export function boom(status: number, message: string): Answer {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status];
  return { status, json: { statusCode: status, error: error ?? 'Internal Server Error', message } };
}

/**
 * Two listeners sharing one log: one on another loopback address (127.0.0.2, or 127.0.0.1 where that
 * cannot be bound), one on 127.0.0.1 at a port of its own, which is also the child process's proxy.
 */
export async function startElsewhere(): Promise<{ info: Elsewhere; close(): Promise<void> }> {
  const log: Recorded[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    void collect(request).then((body) => {
      log.push(record(request, body, 'elsewhere'));
      // A 404 to an abort sent here ends it at once, where a retried failure would hold the test up.
      const answer =
        request.method === 'GET'
          ? { text: 'ami-0abcdef1234567890\n::warning::INJECTED from elsewhere\n' }
          : boom(404, 'Not Found');
      send(response, answer);
    });
  };
  const refuseTunnel = (request: IncomingMessage, socket: Socket) => {
    log.push(record(request, '', 'elsewhere'));
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  };
  const servers = [createServer(handle), createServer(handle)];
  for (const server of servers) server.on('connect', refuseTunnel);
  let otherHost = '127.0.0.2';
  let otherPort: number;
  try {
    otherPort = await listen(servers[0]!, otherHost);
  } catch {
    otherHost = '127.0.0.1';
    otherPort = await listen(servers[0]!, otherHost);
  }
  const port = await listen(servers[1]!, '127.0.0.1');
  return {
    info: {
      url: `http://${otherHost}:${otherPort}`,
      otherPortUrl: `http://127.0.0.1:${port}`,
      proxyUrl: `http://127.0.0.1:${port}`,
      requests: () => [...log],
    },
    close: async () => {
      await Promise.all(servers.map(stop));
    },
  };
}

export function record(request: IncomingMessage, body: string, listener: Recorded['listener']): Recorded {
  const target = request.url ?? '';
  return {
    listener,
    method: request.method ?? '',
    target,
    host: String(request.headers.host ?? ''),
    headers: request.headers,
    body,
    params: [],
    query: new URL(target.startsWith('/') ? target : '/', 'http://x').searchParams,
  };
}

export function send(response: ServerResponse, answer: Answer): void {
  if (answer.destroy) {
    response.socket?.destroy();
    return;
  }
  const body =
    answer.text !== undefined ? answer.text : answer.json !== undefined ? JSON.stringify(answer.json) : '';
  response.writeHead(answer.status ?? 200, {
    'content-type':
      answer.text !== undefined ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    ...answer.headers,
  });
  if (answer.trickleMs === undefined) {
    response.end(body);
    return;
  }
  response.flushHeaders();
  if (body !== '') response.write(body);
  const timer = setInterval(() => response.write(' '), answer.trickleMs);
  response.on('close', () => clearInterval(timer));
}

export async function collect(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

export function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
