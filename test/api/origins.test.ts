// The origin policy's parts: the kinds of address, the lookup a connection resolves through, and
// the check of the address a socket actually connected to.

import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRefusedError, classifyAddress, OriginPolicy } from '../../src/api/origins.ts';
import { startStub, type StubServer } from './helpers.ts';

const NAMES: Record<string, string[]> = {
  'ci.internal.test': ['10.1.2.3'],
  'ci.example.test': ['203.0.113.7'],
  'logs.internal.test': ['10.9.9.9'],
  'nas.internal.test': ['192.168.1.20', 'fd12::20'],
  'metadata.internal.test': ['169.254.169.254'],
  'home.example.test': ['127.0.0.1'],
};

async function resolveName(hostname: string): Promise<LookupAddress[]> {
  const addresses = NAMES[hostname];
  if (!addresses) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: isIP(address) }));
}

function lookupAll(policy: OriginPolicy, hostname: string): Promise<LookupAddress[]> {
  const lookup = promisify((name: string, done: (err: Error | null, found: LookupAddress[]) => void) =>
    policy.lookup(name, { all: true }, (err, found) => done(err, found as LookupAddress[])),
  );
  return lookup(hostname);
}

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['203.0.113.7', 'public'],
    ['2606:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.1', 'public'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['[fd00:ec2::254]', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:808:808::1', 'public'],
    // Loopback and metadata in other clothes, and what is not global unicast at all.
    ['::127.0.0.1', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['ff02::1', 'reserved'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('knows nothing of names', () => {
    expect(classifyAddress('example.test')).toBeUndefined();
    expect(classifyAddress('')).toBeUndefined();
  });
});

describe('the lookup of a connection', () => {
  it('lets an API on a private address reach private addresses, but not loopback or metadata', async () => {
    const policy = new OriginPolicy('http://ci.internal.test/api/v3', { resolveName });
    expect(await lookupAll(policy, 'logs.internal.test')).toEqual([{ address: '10.9.9.9', family: 4 }]);
    expect(await lookupAll(policy, 'nas.internal.test')).toHaveLength(2);
    await expect(lookupAll(policy, 'home.example.test')).rejects.toThrow(/127\.0\.0\.1, which is a loopback/);
    await expect(lookupAll(policy, 'metadata.internal.test')).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(lookupAll(policy, 'metadata.google.internal')).rejects.toThrow(
      'metadata.google.internal is a cloud metadata address; only public addresses are fetched, and private ones like the API',
    );
  });

  it('lets an API on a public address reach public addresses only', async () => {
    const policy = new OriginPolicy('https://ci.example.test/api/v3', { resolveName });
    expect(await lookupAll(policy, 'ci.example.test')).toEqual([{ address: '203.0.113.7', family: 4 }]);
    await expect(lookupAll(policy, 'logs.internal.test')).rejects.toThrow(/a private address/);
  });

  it('counts an API whose name does not resolve here as public', async () => {
    const policy = new OriginPolicy('https://behind.proxy.test/api/v3', { resolveName });
    expect([...(await policy.allowedClasses())]).toEqual(['public']);
  });

  it('passes on a failure to resolve', async () => {
    const policy = new OriginPolicy('http://127.0.0.1:9/api/v3', { resolveName });
    await expect(lookupAll(policy, 'nowhere.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('the connector', () => {
  let server: StubServer;
  beforeAll(async () => {
    server = await startStub((_request, response) => void response.end('hello'));
  });
  afterAll(() => server.close());

  it('refuses a socket whose remote address the API may not reach, before any request', async () => {
    const connect = new OriginPolicy('http://ci.example.test/api/v3', { resolveName }).connector(2_000);
    const err = await new Promise<Error | null>((resolve) =>
      connect({ hostname: '127.0.0.1', protocol: 'http:', port: String(server.port) }, (error, socket) => {
        socket?.destroy();
        resolve(error);
      }),
    );
    expect(err).toBeInstanceOf(AddressRefusedError);
    expect(err?.message).toBe('127.0.0.1 is a loopback address; only public addresses are fetched');
    expect(server.seen).toHaveLength(0);
  });

  it('hands over the socket when the address is allowed', async () => {
    const connect = new OriginPolicy('http://localhost:9/api/v3', { resolveName }).connector(2_000);
    const socket = await new Promise((resolve, reject) =>
      connect({ hostname: '127.0.0.1', protocol: 'http:', port: String(server.port) }, (error, connected) =>
        error ? reject(error) : resolve(connected),
      ),
    );
    expect(socket).toMatchObject({ remoteAddress: '127.0.0.1' });
    (socket as { destroy(): void }).destroy();
  });
});
