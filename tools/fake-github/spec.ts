// GitHub's OpenAPI description, cut down to the operations the fake serves. The cut is made from the installed
// @octokit/openapi package at run time (its $ref variant: 13 MB parses in a fraction of the 73 MB dereferenced
// one) and cached in the temporary directory, keyed by the package version, the variant and the operations.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATION_IDS } from './operations.ts';

export type SpecVariant = 'api.github.com' | 'ghes-3.19';

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: JsonObject;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

export interface LoadedSpec {
  document: OpenApiDocument;
  variant: SpecVariant;
  packageVersion: string;
  cachePath: string;
  fromCache: boolean;
  /** Time to read (and, when not cached, cut and write) the document. */
  milliseconds: number;
}

export interface LoadSpecOptions {
  /** Default: `<os.tmpdir()>/fake-github-openapi`. */
  cacheDir?: string;
  /** Runs on a freshly cut document before it is cached; throws to refuse it. */
  check?: (document: OpenApiDocument) => void;
}

// Bump when the cut changes shape, so stale caches are not reused.
const CUT_FORMAT = 2;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const require = createRequire(import.meta.url);

export function loadSpec(variant: SpecVariant, options: LoadSpecOptions = {}): LoadedSpec {
  const started = performance.now();
  const packageVersion = (require('@octokit/openapi/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(JSON.stringify([CUT_FORMAT, OPERATION_IDS]))
    .digest('hex')
    .slice(0, 12);
  const cacheDir = options.cacheDir ?? join(tmpdir(), 'fake-github-openapi');
  const cachePath = join(cacheDir, `${variant}-${packageVersion}-${key}.json`);
  const cached = readCached(cachePath);
  if (cached) {
    return {
      document: cached,
      variant,
      packageVersion,
      cachePath,
      fromCache: true,
      milliseconds: since(started),
    };
  }
  const full = JSON.parse(
    readFileSync(require.resolve(`@octokit/openapi/generated/${variant}.json`), 'utf8'),
  ) as OpenApiDocument;
  const document = pruneDocument(full, OPERATION_IDS);
  options.check?.(document);
  writeAtomically(cacheDir, cachePath, JSON.stringify(document));
  return { document, variant, packageVersion, cachePath, fromCache: false, milliseconds: since(started) };
}

/** The paths holding the wanted operations (only those methods) and every component they reach. */
function pruneDocument(full: OpenApiDocument, operationIds: readonly string[]): OpenApiDocument {
  const missing = new Set(operationIds);
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(full.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (typeof operation?.operationId !== 'string' || !operationIds.includes(operation.operationId))
        continue;
      paths[path] ??= item.parameters === undefined ? {} : { parameters: item.parameters };
      paths[path][method] = operation;
      missing.delete(operation.operationId);
    }
  }
  if (missing.size > 0) throw new Error(`not in the description: ${[...missing].join(', ')}`);
  const prunedPaths = withoutExamples(paths, false) as OpenApiDocument['paths'];
  return {
    openapi: full.openapi,
    info: full.info,
    paths: prunedPaths,
    components: reachableComponents(full, prunedPaths),
  };
}

function reachableComponents(full: OpenApiDocument, paths: unknown): OpenApiDocument['components'] {
  const components: OpenApiDocument['components'] = {};
  const pending: string[] = [];
  collectRefs(paths, pending);
  while (pending.length > 0) {
    const ref = pending.pop()!;
    const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
    if (!match) throw new Error(`unsupported $ref ${ref}`);
    const section = match[1]!;
    const name = match[2]!.replace(/~1/g, '/').replace(/~0/g, '~');
    if (components[section]?.[name] !== undefined) continue;
    const target = full.components[section]?.[name];
    if (target === undefined) throw new Error(`dangling $ref ${ref}`);
    const pruned = withoutExamples(target, false);
    (components[section] ??= {})[name] = pruned;
    collectRefs(pruned, pending);
  }
  return components;
}

function collectRefs(value: unknown, into: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') into.push(child);
      else collectRefs(child, into);
    }
  }
}

/**
 * Drops the `examples` maps (of media types and parameters): most of the document, none of the rules. And
 * reads `nullable: true` beside an `enum` as OpenAPI 3.0.3 means it, by adding null to the enum: Ajv's
 * `nullable` leaves the enum alone, so GitHub's own `"conclusion": null` would fail the check-run schema.
 */
function withoutExamples(value: unknown, isPropertyMap: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutExamples(item, false));
  if (!isObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (!isPropertyMap && key === 'examples' && isObject(child)) continue;
    result[key] = withoutExamples(child, !isPropertyMap && key === 'properties');
  }
  if (
    !isPropertyMap &&
    result.nullable === true &&
    Array.isArray(result.enum) &&
    !result.enum.includes(null)
  ) {
    result.enum = [...(result.enum as unknown[]), null];
  }
  return result;
}

function readCached(path: string): OpenApiDocument | undefined {
  try {
    const document = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
    return isObject(document) && isObject(document.paths) ? document : undefined;
  } catch {
    return undefined;
  }
}

// Parallel test workers may build the same cache: each writes its own file and renames it into place.
function writeAtomically(dir: string, path: string, text: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch {
    // A cache that cannot be written only costs the next start its time.
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function since(started: number): number {
  return performance.now() - started;
}
