// The HTTP side: read the request, record it, answer with GitHub's usual headers, or destroy the socket for a
// lost response.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorResponse } from './errors.ts';
import { handleIncoming, type Outcome, type PipelineDeps } from './pipeline.ts';
import type { FakeResponse, RecordedRequest } from './types.ts';

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const RATE_LIMIT = 5000;

export interface HttpOptions {
  host: string;
  port: number;
  ghesVersion?: string;
  onRequest?: (entry: RecordedRequest) => void;
}

export interface Listening {
  server: Server;
  origin: string;
}

/** Listens, then builds the pipeline's parts from the origin and starts answering. */
export async function listen(
  options: HttpOptions,
  makeDeps: (origin: string) => PipelineDeps,
  requests: RecordedRequest[],
): Promise<Listening> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${host}:${address.port}`;
  const deps = makeDeps(origin);
  const headers = headerMaker(options.ghesVersion);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void readBody(req).then((rawBody) => {
      const url = new URL(req.url ?? '/', origin);
      const entry: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.search };
      if (rawBody !== undefined && rawBody !== '') entry.body = parseOrRaw(rawBody);
      requests.push(entry);
      const requestId = headers.nextRequestId();
      const outcome: Outcome =
        rawBody === undefined
          ? { response: errorResponse(413, 'Request body too large'), lose: false }
          : handleIncoming(
              deps,
              { method: entry.method, url, headers: req.headers, rawBody, requestId },
              entry,
            );
      if (outcome.fault) entry.fault = outcome.fault;
      if (outcome.lose) {
        entry.lost = true;
        req.socket.destroy();
      } else {
        entry.status = outcome.response.status;
        send(res, outcome.response, headers.forResponse(entry.token, requestId));
      }
      options.onRequest?.(entry);
    });
  });
  return { server, origin };
}

/** The headers GitHub puts on every answer: media type, API version, request id, and the token's rate limit. */
function headerMaker(ghesVersion: string | undefined) {
  const used = new Map<string, number>();
  const resetAt = Math.ceil(Date.now() / 1000) + 3600;
  let counter = 0;
  return {
    nextRequestId: () => `F4E1:3A2B:${(++counter).toString(16).toUpperCase().padStart(6, '0')}:6540A1B2`,
    forResponse(token: string | undefined, requestId: string): Record<string, string> {
      const count = (used.get(token ?? '') ?? 0) + 1;
      used.set(token ?? '', count);
      return {
        'x-github-media-type': 'github.v3; format=json',
        'x-github-api-version-selected': '2022-11-28',
        'x-github-request-id': requestId,
        'x-ratelimit-limit': String(RATE_LIMIT),
        'x-ratelimit-remaining': String(Math.max(RATE_LIMIT - count, 0)),
        'x-ratelimit-reset': String(resetAt),
        'x-ratelimit-used': String(count),
        'x-ratelimit-resource': 'core',
        ...(ghesVersion ? { 'x-github-enterprise-version': ghesVersion } : {}),
      };
    },
  };
}

function send(res: ServerResponse, response: FakeResponse, base: Record<string, string>): void {
  const text =
    response.contentType !== undefined
      ? String(response.body ?? '')
      : response.body === undefined
        ? ''
        : JSON.stringify(response.body);
  res.writeHead(response.status, {
    ...base,
    'content-type': response.contentType ?? 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...response.headers,
  });
  res.end(text);
}

/** The body as text, or undefined past the size limit. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(undefined));
  });
}

function parseOrRaw(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
