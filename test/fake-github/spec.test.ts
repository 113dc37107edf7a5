import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDefinition } from '../../tools/fake-github/backend.ts';
import { startFakeGitHub } from '../../tools/fake-github/index.ts';
import { OPERATION_IDS } from '../../tools/fake-github/operations.ts';
import { loadSpec, type OpenApiDocument } from '../../tools/fake-github/spec.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'fake-github-spec-test-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
const version = (createRequire(import.meta.url)('@octokit/openapi/package.json') as { version: string })
  .version;

function operationIds(document: OpenApiDocument): string[] {
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => {
      const id = (operation as { operationId?: unknown }).operationId;
      return typeof id === 'string' ? [id] : [];
    }),
  );
}

describe('the cut description', () => {
  it('holds only the served operations and what they reference, and is cached by version and variant', () => {
    const first = loadSpec('api.github.com', { cacheDir, check: checkDefinition });
    expect(first.fromCache).toBe(false);
    expect(first.cachePath).toMatch(
      new RegExp(`api\\.github\\.com-${version.replace(/\./g, '\\.')}-[0-9a-f]{12}\\.json$`),
    );
    expect(operationIds(first.document).sort()).toEqual([...OPERATION_IDS].sort());
    expect(Object.keys(first.document.components.schemas!)).toContain('check-run');
    expect(Object.keys(first.document.components.schemas!)).not.toContain('pull-request');
    expect(JSON.stringify(first.document).length).toBeLessThan(150_000);
    expect(JSON.parse(readFileSync(first.cachePath, 'utf8'))).toEqual(first.document);

    const second = loadSpec('api.github.com', { cacheDir });
    expect(second.fromCache).toBe(true);
    expect(second.document).toEqual(first.document);
    expect(second.milliseconds).toBeLessThan(first.milliseconds);

    const ghes = loadSpec('ghes-3.19', { cacheDir, check: checkDefinition });
    expect(ghes.fromCache).toBe(false);
    expect(ghes.cachePath).not.toBe(first.cachePath);
    expect(operationIds(ghes.document).sort()).toEqual([...OPERATION_IDS].sort());
  });

  it('cuts again when the cache is unreadable', () => {
    const { cachePath } = loadSpec('api.github.com', { cacheDir });
    writeFileSync(cachePath, '{"truncated');
    const again = loadSpec('api.github.com', { cacheDir });
    expect(again.fromCache).toBe(false);
    expect(loadSpec('api.github.com', { cacheDir }).fromCache).toBe(true);
  });

  it('adds null to the enums the description marks nullable, as OpenAPI 3.0.3 reads them', () => {
    const { document } = loadSpec('api.github.com', { cacheDir });
    const checkRun = document.components.schemas!['check-run'] as {
      properties: Record<string, { enum?: unknown[] }>;
    };
    expect(checkRun.properties.conclusion!.enum).toContain(null);
    expect(checkRun.properties.status!.enum).not.toContain(null);
  });

  it('drops the examples but keeps every rule', () => {
    const { document } = loadSpec('api.github.com', { cacheDir });
    const text = JSON.stringify(document);
    expect(text).not.toContain('"examples"');
    expect(text).toContain('"maxItems":50');
  });
});

describe('start-up', () => {
  it('reports its times; a cached start reads the cut in milliseconds', async () => {
    const gh = await startFakeGitHub({ cacheDir });
    try {
      expect(gh.startup.fromCache).toBe(true);
      expect(gh.startup.specMs).toBeLessThan(gh.startup.totalMs);
      expect(gh.startup.backendMs).toBeGreaterThan(0);
    } finally {
      await gh.close();
    }
  });

  it('can compile every validator up front', async () => {
    const gh = await startFakeGitHub({ cacheDir, warm: true });
    try {
      expect(Object.keys(gh.backend.validator.requestValidators).sort()).toEqual([...OPERATION_IDS].sort());
    } finally {
      await gh.close();
    }
  });
});
