// What the bundled main entry loads before its first request, and that what it defers still works when
// it is needed: undici's HTTP/2 client (and node:http2) when a server over TLS agrees to HTTP/2, and
// node:assert (scripts/defer-at-start.mjs; docs/design.md, "Start-up: what loads when").
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeFiles, parseRunnerOutput, runAction } from '../support/action-harness.ts';
import { BUILD, emulatorPerFile } from './emulator-kit.ts';

const kit = emulatorPerFile(20);

// A self-signed certificate for 127.0.0.1, for these tests only (valid until 2126).
const TLS_DIR = fileURLToPath(new URL('../support/tls/', import.meta.url));
const CERT = join(TLS_DIR, 'cert.pem');
const KEY = join(TLS_DIR, 'key.pem');

/** A preload that writes the builtins loaded by the time the first request's headers leave. */
function loadedBuiltinsProbe(dir: string): { preload: string; result: string } {
  const result = join(dir, 'builtins.json');
  const preload = join(dir, 'probe.mjs');
  writeFileSync(
    preload,
    [
      "import { subscribe } from 'node:diagnostics_channel';",
      "import { writeFileSync } from 'node:fs';",
      'let done = false;',
      "subscribe('undici:client:sendHeaders', () => {",
      '  if (done) return;',
      '  done = true;',
      `  writeFileSync(${JSON.stringify(result)}, JSON.stringify(process.moduleLoadList));`,
      '});',
    ].join('\n'),
  );
  return { preload, result };
}

describe('start-up', () => {
  it('sends its first request before node:http2, node:tls, node:crypto or node:assert is loaded', async () => {
    const files = makeFiles();
    const probe = loadedBuiltinsProbe(files.dir);
    const result = await runAction(
      { ...kit.connection(), 'pipeline-id': BUILD },
      { files, env: { NODE_OPTIONS: `--import ${probe.preload}` } },
    );
    expect(result.code, result.stdout).toBe(0);
    const loaded = JSON.parse(readFileSync(probe.result, 'utf8')) as string[];
    expect(loaded).toContain('NativeModule net');
    for (const builtin of ['http2', 'tls', 'crypto', 'assert']) {
      expect(loaded).not.toContain(`NativeModule ${builtin}`);
    }
  });

  it('talks HTTP/2 to a server over TLS that offers it: the deferred client loads at first use', async () => {
    const versions: string[] = [];
    const server = createSecureServer(
      { cert: readFileSync(CERT), key: readFileSync(KEY), allowHTTP1: true },
      (request: Http2ServerRequest, response: Http2ServerResponse) => {
        versions.push(request.httpVersion);
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Pipeline not found' }));
      },
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const result = await runAction(
        { 'base-url': `https://127.0.0.1:${port}`, token: 'demo-token', 'pipeline-id': BUILD },
        { env: { NODE_EXTRA_CA_CERTS: CERT } },
      );
      expect(result.code, result.stdout).toBe(1);
      expect(versions.length).toBeGreaterThan(0);
      expect(new Set(versions)).toEqual(new Set(['2.0']));
      const errors = parseRunnerOutput(result.stdout).errors.map((error) => error.message);
      expect(errors.join('\n')).toMatch(/not found/i);
      expect(result.stdout).not.toMatch(/AssertionError|is not a function/);
    } finally {
      server.close();
    }
  });
});
