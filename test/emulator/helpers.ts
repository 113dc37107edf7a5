import { request } from 'node:http';
import { afterAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';

// Test code reads API bodies loosely; the assertions say what the shape must be.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: Json;
  text: string;
}

/** Fixed ids of the default world. */
export const IDS = {
  demo: '600000000000000000000001',
  outsider: '600000000000000000000002',
  acme: '600000000000000000000003',
  webapp: '610000000000000000000001',
  legacy: '610000000000000000000002',
  dockerClassic: '610000000000000000000003',
  sandbox: '610000000000000000000004',
  build: '620000000000000000000001',
  deploy: '620000000000000000000002',
  test: '620000000000000000000003',
  sandboxBuild: '620000000000000000000004',
} as const;

export const DEMO = 'demo-token';
export const OUTSIDER = 'outsider-token';

export async function frozenEmulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  return startEmulator({ speed: 0, ...options });
}

/** One frozen emulator for the test file (`await` it at the top level), reset before each test and its own hooks. */
export async function fileEmulator(): Promise<Emulator> {
  const emu = await frozenEmulator();
  afterAll(() => emu.close());
  beforeEach(() => emu.control.reset());
  return emu;
}

export interface CallOptions {
  /** The API token; on /_emulator paths the control token, the emulator's own unless given. */
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Calls `path` (relative to /api/v3 unless it starts with '/_emulator') over real HTTP. */
export async function call(
  emu: Emulator,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const url = path.startsWith('/_emulator') ? `${emu.url}${path}` : `${emu.url}/api/v3${path}`;
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token ?? (path.startsWith('/_emulator') ? emu.controlToken : undefined);
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: Json = undefined;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** A GET of `url` with the given Host header, which fetch does not let a caller choose. */
export function getWithHost(
  url: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export const get = (emu: Emulator, path: string, token?: string) =>
  call(emu, 'GET', path, token !== undefined ? { token } : {});

/** Triggers a run as demo and returns the trigger response body. */
export async function triggerRun(emu: Emulator, body: Record<string, unknown>, token = DEMO): Promise<Json> {
  const response = await call(emu, 'POST', '/runs', { token, body });
  if (response.status !== 200) throw new Error(`trigger failed: ${response.status} ${response.text}`);
  return response.body;
}

export const env = (vars: Record<string, string | number>) =>
  Object.entries(vars).map(([key, value]) => ({ key, value: String(value) }));

export const sortedKeys = (value: object) => Object.keys(value).sort();

export const keySet = (...keys: string[]) => [...keys].sort();

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const HEX24 = /^[0-9a-f]{24}$/;
