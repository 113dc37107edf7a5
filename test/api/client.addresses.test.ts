// Even on an allowed origin, a URL the server handed out is not fetched from a loopback, link-local,
// private or cloud metadata address unless the API is on one of that kind. Over real HTTP against a
// server on 127.0.0.1; made-up names resolve through a fake resolver (there is no DNS here).

import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { RequestValidationError } from '../../src/api/errors.ts';
import { readAll, startStub, TOKEN, type StubServer } from './helpers.ts';

let logs: StubServer;
const resolved: string[] = [];
let rebound = 0;

/** Made-up names; `rebind.example.test` is public the first time and loopback after. */
const NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'ci.example.test': ['203.0.113.7'],
  'logs.example.test': ['127.0.0.1'],
  'metadata.example.test': ['169.254.169.254'],
  'mixed.example.test': ['169.254.169.254', '127.0.0.1'],
};

async function resolveName(hostname: string): Promise<LookupAddress[]> {
  resolved.push(hostname);
  const addresses =
    hostname === 'rebind.example.test' ? [rebound++ === 0 ? '203.0.113.9' : '127.0.0.1'] : NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: isIP(address) }));
}

function clientFor(baseUrl: string, extraOrigins: string[] = []): ApiClient {
  return new ApiClient({ baseUrl, token: TOKEN, extraOrigins, resolveName, retry: { maxAttempts: 1 } });
}

const clients: ApiClient[] = [];
function tracked(client: ApiClient): ApiClient {
  clients.push(client);
  return client;
}

async function refusal(client: ApiClient, url: string): Promise<RequestValidationError> {
  const err = await client.openStepLog(url).catch((error: unknown) => error);
  expect(err).toBeInstanceOf(RequestValidationError);
  expect(err).toMatchObject({ field: 'logUrl' });
  return err as RequestValidationError;
}

beforeAll(async () => {
  logs = await startStub((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('log text\n');
  });
});

afterEach(() => {
  logs.seen.length = 0;
  resolved.length = 0;
  rebound = 0;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await logs.close();
});

describe('an API on loopback', () => {
  it('fetches logs on loopback: an IP literal, localhost, a name that resolves there', async () => {
    const origins = [logs.url, `http://localhost:${logs.port}`, `http://logs.example.test:${logs.port}`];
    const client = tracked(clientFor('http://127.0.0.1:9', origins));
    for (const origin of origins) {
      expect(await readAll(await client.openStepLog(`${origin}/log`))).toBe('log text\n');
    }
    expect(logs.seen.map((request) => request.headers.host)).toEqual(origins.map((o) => new URL(o).host));
    expect(logs.seen.every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('fetches from a name with a metadata address only through its other, allowed address', async () => {
    const client = tracked(clientFor('http://localhost:9', [`http://mixed.example.test:${logs.port}`]));
    expect(await readAll(await client.openStepLog(`http://mixed.example.test:${logs.port}/log`))).toBe(
      'log text\n',
    );
  });

  it('never reaches a cloud metadata address, by literal, by name or by resolution', async () => {
    const origins = [
      'http://169.254.169.254',
      'http://[fd00:ec2::254]',
      'http://[::ffff:169.254.169.254]',
      'http://metadata.google.internal',
      `http://metadata.example.test:${logs.port}`,
    ];
    const client = tracked(clientFor(logs.url, origins));
    for (const origin of origins) {
      const err = await refusal(client, `${origin}/latest/meta-data/iam/security-credentials/`);
      expect(err.message).toMatch(
        /is a cloud metadata address; only public addresses are fetched, and loopback/,
      );
      expect(err.message).not.toContain('meta-data');
    }
    // Only the made-up name needed resolving (the API's own host is a literal); nothing connected.
    expect(resolved).toEqual(['metadata.example.test']);
    expect(logs.seen).toHaveLength(0);
  });

  it('refuses link-local and private addresses', async () => {
    const client = tracked(
      clientFor(logs.url, ['http://169.254.10.1', 'http://10.0.0.8', 'http://[fe80::1]']),
    );
    expect((await refusal(client, 'http://169.254.10.1/x')).message).toContain('a link-local address');
    expect((await refusal(client, 'http://10.0.0.8/x')).message).toContain('a private address');
    expect((await refusal(client, 'http://[fe80::1]/x')).message).toContain('a link-local address');
  });
});

describe('an API on a public address', () => {
  it('fetches nothing on loopback: not the literal, not localhost, not a name resolving there', async () => {
    const client = tracked(
      clientFor('http://ci.example.test', [
        logs.url,
        `http://localhost:${logs.port}`,
        `http://logs.example.test:${logs.port}`,
      ]),
    );
    expect((await refusal(client, `${logs.url}/log`)).message).toBe(
      'refusing to fetch logUrl: 127.0.0.1 is a loopback address; only public addresses are fetched',
    );
    expect((await refusal(client, `http://localhost:${logs.port}/log`)).message).toContain(
      'localhost is a loopback address',
    );
    expect((await refusal(client, `http://logs.example.test:${logs.port}/log`)).message).toBe(
      'refusing to fetch logUrl: logs.example.test resolves to 127.0.0.1, which is a loopback address; ' +
        'only public addresses are fetched',
    );
    expect(logs.seen).toHaveLength(0);
  });

  it('checks its own origin too: a name that resolves elsewhere by the time of the fetch is refused', async () => {
    const client = tracked(clientFor(`http://rebind.example.test:${logs.port}`));
    const err = await refusal(client, '/api/v3/runsteps/1/log');
    expect(err.message).toContain('rebind.example.test resolves to 127.0.0.1, which is a loopback address');
    expect(resolved).toEqual(['rebind.example.test', 'rebind.example.test']);
    expect(logs.seen).toHaveLength(0);
  });
});
