// GitHub reports honour the runner's proxy variables on the one undici the bundle carries: the
// packages that import undici all resolve the project's copy, and @actions/github's client sends its
// requests through the proxy `http_proxy` names. Loopback is never proxied, so the fake GitHub is
// reached under a made-up host name that only the proxy stand-in knows (it forwards to 127.0.0.1).
// The report is sent from a child process: the proxy is chosen when @actions/github loads.
import { execFile } from 'node:child_process';
import { createServer, request as forward, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../../tools/fake-github/index.ts';

const HOST = 'github.example.test';
const SHA = 'c'.repeat(40);

let fake: FakeGitHub;
let proxy: Server;
const proxied: string[] = [];
let proxyUrl = '';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const baseUrl = () => `http://${HOST}:${new URL(fake.apiUrl).port}`;

/** One commit status, created the way the GitHub sink creates it, with the env the parent gives. */
const SEND_STATUS = `
import { createOctokitApi } from './src/github/octokit-api.ts';
const api = createOctokitApi({
  token: 'ghs_proxyTestToken',
  owner: 'acme',
  repo: 'webapp',
  sha: process.env.SHA,
  userAgent: 'test',
  baseUrl: process.env.GITHUB_API_URL,
});
await api.createStatus({ state: 'pending', context: 'ci/test', description: 'through the proxy' });
`;

beforeAll(async () => {
  fake = await startFakeGitHub({ warm: true });
  const fakePort = new URL(fake.apiUrl).port;
  proxy = createServer((req, res) => {
    proxied.push(`${req.method} ${req.url}`);
    const target = new URL(req.url ?? '/');
    if (target.hostname !== HOST) {
      res.writeHead(502).end('unknown host');
      return;
    }
    const upstream = forward(
      {
        host: '127.0.0.1',
        port: fakePort,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers: { ...req.headers, host: `127.0.0.1:${fakePort}` },
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
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
  await fake?.close();
});

describe('one undici', () => {
  it('every package that imports undici resolves the project’s copy', () => {
    const own = createRequire(import.meta.url).resolve('undici');
    const importers = [
      '@actions/http-client/lib/index.js',
      '@actions/github/lib/internal/utils.js',
      '@actions/github/node_modules/@actions/http-client/lib/index.js',
    ];
    for (const file of importers) {
      expect(createRequire(new URL(`../../node_modules/${file}`, import.meta.url)).resolve('undici')).toBe(
        own,
      );
    }
  });

  it('a GitHub report goes through the proxy http_proxy names', async () => {
    // @actions/github reads the proxy variables when it loads, as in the runner's process for a step:
    // so the report is sent from a node process started with them set (the proxy and the fake GitHub
    // answer from this one).
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SEND_STATUS], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', http_proxy: proxyUrl, GITHUB_API_URL: baseUrl(), SHA },
      timeout: 60_000,
    });
    expect(proxied).toEqual([`POST ${baseUrl()}/repos/acme/webapp/statuses/${SHA}`]);
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toContain(
      `POST /repos/acme/webapp/statuses/${SHA}`,
    );
  });
});
