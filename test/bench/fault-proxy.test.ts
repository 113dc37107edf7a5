// The chaos fault proxy over real sockets: untouched forwarding, each fault kind, and replays by seed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../bench/chaos/proxy.ts';
import { createRandom } from '../../bench/support/random.ts';
import { startEmulator } from '../../src/emulator/index.ts';

let upstream: http.Server;
let upstreamUrl: string;
const received: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push(`${request.method} ${request.url} ${body} host=${request.headers.host}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: true, authorization: request.headers.authorization ?? null }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

async function call(proxy: FaultProxy, method: string, path: string, body?: string) {
  try {
    const response = await fetch(proxy.url + path, {
      method,
      headers: { authorization: 'Bearer proxy-test-token', 'content-type': 'application/json' },
      ...(body !== undefined ? { body } : {}),
    });
    return {
      status: response.status,
      text: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    return { status: 0, text: '', retryAfter: null };
  }
}

describe('the fault proxy', () => {
  it('forwards method, path, body and headers untouched (Host too) when no fault is drawn', async () => {
    const proxy = await startFaultProxy({
      target: upstreamUrl,
      random: createRandom(1),
      rate: 0,
      token: 't',
    });
    try {
      const answer = await call(proxy, 'POST', '/api/v3/runs?x=1', '{"pipelineId":"p"}');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ ok: true, authorization: 'Bearer proxy-test-token' });
      expect(received.at(-1)).toBe(
        `POST /api/v3/runs?x=1 {"pipelineId":"p"} host=${new URL(proxy.url).host}`,
      );
      expect(proxy.faults).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('injects every kind of fault, and a lost response still reaches the server', async () => {
    const proxy = await startFaultProxy({
      target: upstreamUrl,
      random: createRandom(7),
      rate: 1,
      token: 't',
      slowMs: [1, 20],
    });
    try {
      for (let index = 0; index < 40 && new Set(proxy.faults.map((f) => f.kind)).size < 5; index++) {
        const before = received.length;
        const answer = await call(proxy, 'GET', `/api/v3/runs/${index}`);
        const fault = proxy.faults.at(-1)!;
        switch (fault.kind) {
          case 'server error':
            expect(answer.status).toBeGreaterThanOrEqual(500);
            expect(received.length).toBe(before);
            break;
          case 'throttled':
            expect(answer.status).toBe(429);
            expect(answer.retryAfter).toMatch(/^\d$/);
            break;
          case 'reset':
            expect(answer.status).toBe(0);
            expect(received.length).toBe(before);
            break;
          case 'slow':
            expect(answer.status).toBe(200);
            break;
          case 'lost response':
            expect(answer.status).toBe(0);
            expect(received.at(-1)).toMatch(new RegExp(`^GET /api/v3/runs/${index}  host=`));
            break;
        }
      }
      expect(new Set(proxy.faults.map((fault) => fault.kind))).toEqual(
        new Set(['server error', 'throttled', 'reset', 'slow', 'lost response']),
      );
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it.each([
    ['a step log read', 'log', { logRate: 1 }],
    ['an archive read', 'artifacts', { artifactRate: 1 }],
  ] as const)(
    'cuts the body of %s after some of its bytes, at its own fault rate',
    async (_, what, rates) => {
      const proxy = await startFaultProxy({
        target: upstreamUrl,
        random: createRandom(5),
        rate: 0,
        ...rates,
        token: 't',
        slowMs: [1, 20],
      });
      /** The status, the length announced and the body bytes that arrived before the connection ended. */
      const rawRead = (path: string) =>
        new Promise<{ status: number; length: number; received: number; complete: boolean }>((resolve) => {
          const request = http.get(`${proxy.url}${path}`, (response) => {
            let received = 0;
            response.on('data', (chunk: Buffer) => (received += chunk.length));
            const done = () =>
              resolve({
                status: response.statusCode ?? 0,
                length: Number(response.headers['content-length']),
                received,
                complete: response.complete,
              });
            response.on('end', done);
            response.on('aborted', done);
            response.on('error', done);
          });
          request.on('error', () => resolve({ status: 0, length: 0, received: 0, complete: false }));
        });
      try {
        expect((await call(proxy, 'GET', '/api/v3/runs/1')).status).toBe(200);
        expect(proxy.faults).toEqual([]);
        for (let index = 0; index < 40 && !proxy.faults.some((f) => f.kind === 'cut mid-body'); index++) {
          const answer = await rawRead(`/api/v3/runsteps/${index}/${what}`);
          const fault = proxy.faults.at(-1);
          expect(fault?.path).toBe(`/api/v3/runsteps/${index}/${what}`);
          if (fault?.kind !== 'cut mid-body') continue;
          expect(answer.status).toBe(200);
          expect(answer.complete).toBe(false);
          expect(answer.received).toBeGreaterThan(0);
          expect(answer.received).toBeLessThan(answer.length);
          expect(fault.detail).toBe(
            `200, ${answer.received} of ${answer.length} bytes, then the connection closed`,
          );
        }
        expect(proxy.faults.some((fault) => fault.kind === 'cut mid-body')).toBe(true);
        const [reads, other] =
          what === 'log'
            ? [proxy.logReads(), proxy.artifactReads()]
            : [proxy.artifactReads(), proxy.logReads()];
        expect([reads, other]).toEqual([proxy.requests() - 1, 0]);
      } finally {
        await proxy.close();
      }
    },
    60_000,
  );

  it('draws the same faults for the same seed and request order', async () => {
    const kindsFor = async () => {
      const proxy = await startFaultProxy({
        target: upstreamUrl,
        random: createRandom(3),
        rate: 0.5,
        token: 't',
        slowMs: [1, 20],
      });
      try {
        for (let index = 0; index < 12; index++) await call(proxy, 'DELETE', `/api/v3/x/${index}`);
        return proxy.faults.map((fault) => `${fault.path} ${fault.kind} ${fault.detail}`);
      } finally {
        await proxy.close();
      }
    };
    expect(await kindsFor()).toEqual(await kindsFor());
  }, 60_000);

  it("makes the emulator's URLs point at the proxy, so that step logs are read through it", async () => {
    const emulator = await startEmulator({ speed: 0 });
    const proxy = await startFaultProxy({
      target: emulator.url,
      random: createRandom(1),
      rate: 0,
      token: 't',
    });
    const read = async (url: string) => {
      const response = await fetch(url, { headers: { authorization: 'Bearer demo-token' } });
      expect(response.status, url).toBe(200);
      return response;
    };
    try {
      const finished = emulator.control.runs().find((run) => run.status === 'finished')!;
      const run = (await (await read(`${proxy.url}/api/v3/runs/${finished.id}`)).json()) as { url: string };
      expect(run.url).toBe(`${proxy.url}/api/v3/runs/${finished.id}`);
      const steps = (await (await read(`${run.url}/steps`)).json()) as Array<{ logUrl: string }>;
      const logUrl = steps[0]!.logUrl;
      expect(logUrl.startsWith(`${proxy.url}/api/v3/`)).toBe(true);
      const before = proxy.requests();
      expect(await (await read(logUrl)).text()).not.toBe('');
      expect(proxy.requests()).toBe(before + 1);
      expect(emulator.control.requests().at(-1)?.path).toBe(new URL(logUrl).pathname);
    } finally {
      await proxy.close();
      await emulator.close();
    }
  });
});
