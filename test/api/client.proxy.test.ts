// Proxy variables must not capture loopback traffic, while other hosts go through the proxy.
// The proxy stand-in answers for the made-up host ci.example.test by forwarding to the emulator.

import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { createDispatcher } from '../../src/api/dispatcher.ts';
import { ApiError } from '../../src/api/errors.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { recordingSleep, TOKEN } from './helpers.ts';

let emulator: Emulator;
let emulatorPort: number;
let proxy: Server;
let proxyUrl: string;
const proxied: string[] = [];
const dispatchers: Dispatcher[] = [];

/** A client given its dispatcher (as the lead's code may do); the test closes the dispatchers. */
function clientFor(baseUrl: string, env: NodeJS.ProcessEnv): ApiClient {
  const dispatcher = createDispatcher(env, { connectMs: 2_000 });
  dispatchers.push(dispatcher);
  return new ApiClient({
    baseUrl,
    token: TOKEN,
    dispatcher,
    sleep: recordingSleep().sleep,
    retry: { maxAttempts: 1 },
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ speed: 0, allowedHosts: ['ci.example.test'] });
  emulatorPort = Number(new URL(emulator.url).port);
  proxy = createServer((req, res) => {
    proxied.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/');
    if (target.hostname !== 'ci.example.test') {
      res.writeHead(502).end('unknown host');
      return;
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterEach(() => {
  proxied.length = 0;
  emulator.control.reset();
});

afterAll(async () => {
  await Promise.all(dispatchers.map((dispatcher) => dispatcher.close()));
  proxy.closeAllConnections();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await emulator.close();
});

describe('createDispatcher', () => {
  it('is a plain Agent when no proxy variable is set', () => {
    const dispatcher = createDispatcher({ NO_PROXY: 'example.test' });
    expect(dispatcher).toBeInstanceOf(Agent);
    void dispatcher.close();
  });

  it('reaches the emulator on 127.0.0.1 and localhost directly although HTTP_PROXY is set', async () => {
    const env = { HTTP_PROXY: proxyUrl, http_proxy: proxyUrl, NO_PROXY: '' };
    const byAddress = clientFor(emulator.url, env);
    const byName = clientFor(`http://localhost:${emulatorPort}`, env);
    expect((await byAddress.listApplications('acme')).length).toBeGreaterThan(0);
    expect((await byName.listApplications('acme')).length).toBeGreaterThan(0);
    expect(proxied).toEqual([]);
    expect(emulator.control.requests()).toHaveLength(2);
  });

  it('sends other hosts through the proxy, token included', async () => {
    const remote = clientFor(`http://ci.example.test:${emulatorPort}`, { HTTP_PROXY: proxyUrl });
    const apps = await remote.listApplications('acme');
    expect(apps.map((app) => app.name)).toContain('legacy');
    expect(proxied).toEqual([`GET http://ci.example.test:${emulatorPort}/api/v3/applications/acme`]);
    expect(emulator.control.requests()[0]?.hasAuthorization).toBe(true);
  });

  it('goes direct for hosts listed in NO_PROXY', async () => {
    const bypass = clientFor(`http://ci.example.test:${emulatorPort}`, {
      HTTP_PROXY: proxyUrl,
      NO_PROXY: 'example.test',
    });
    const err = await bypass.listApplications('acme').catch((error: unknown) => error);
    // Direct means a name lookup of the made-up host, which fails; the proxy never hears of it.
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'network' });
    expect(proxied).toEqual([]);
  });
});
