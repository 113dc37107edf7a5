// Shared pieces of the client's integration tests: a sleep that records instead of waiting, a
// scripted HTTP server for bodies the emulator never sends, and id discovery through the API.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../../src/api/client.ts';
import type { ApplicationRef, Pipeline } from '../../src/api/types.ts';
import type { Sleep } from '../../src/time.ts';

export const TOKEN = 'demo-token';

/** Resolves at once (or rejects if the signal is already aborted) and remembers each delay. */
export function recordingSleep(): { sleep: Sleep; delays: number[] } {
  const delays: number[] = [];
  const sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw signal.reason;
    delays.push(ms);
  };
  return { sleep, delays };
}

/** A sleep that never ends unless its signal aborts: proves an abort cuts a backoff short. */
export const endlessSleep: Sleep = (_ms, signal) =>
  new Promise<void>((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface StubServer {
  url: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** A tiny HTTP server on 127.0.0.1 whose answers the test scripts. */
export async function startStub(
  handler: (request: SeenRequest, response: ServerResponse) => void | Promise<void>,
): Promise<StubServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      void Promise.resolve(handler(request, res)).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export interface DefaultWorldIds {
  webapp: ApplicationRef;
  legacy: ApplicationRef;
  dockerClassic: ApplicationRef;
  pipelines: Record<string, Pipeline>;
}

/** Finds the default world's applications and webapp's pipelines through the API itself. */
export async function discover(client: ApiClient): Promise<DefaultWorldIds> {
  const apps = await client.listApplications('acme');
  const find = (name: string): ApplicationRef => {
    const app = apps.find((candidate) => candidate.name === name);
    if (!app) throw new Error(`the emulator has no application acme/${name}`);
    return app;
  };
  const pipelines = Object.fromEntries(
    (await client.listPipelines('acme', 'webapp')).map((pipeline) => [pipeline.name, pipeline]),
  );
  return { webapp: find('webapp'), legacy: find('legacy'), dockerClassic: find('docker-classic'), pipelines };
}

export function pipelineId(ids: DefaultWorldIds, name: string): string {
  const pipeline = ids.pipelines[name];
  if (!pipeline) throw new Error(`webapp has no pipeline ${name}`);
  return pipeline.id;
}

export async function readAll(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
