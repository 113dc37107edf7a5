// A local GitHub REST API for commit statuses, check runs and deployments, which checks every request and every
// answer against GitHub's own OpenAPI description and records what fails. See tools/fake-github/README.md.
import type { OpenAPIBackend } from 'openapi-backend';
import { checkDefinition, compileAll, createBackend } from './backend.ts';
import {
  Faults,
  type FaultCounters,
  type FaultKind,
  type RandomFaultOptions,
  type ScriptedFaultOptions,
} from './faults.ts';
import { statusesOf } from './handlers/deployments.ts';
import { listen } from './http.ts';
import { loadSpec, type SpecVariant } from './spec.ts';
import { Store, type Annotation } from './store.ts';
import type { RecordedRequest, Urls, Violation } from './types.ts';
import { checkRunView, deploymentStatusView, deploymentView, statusView } from './views.ts';

export type { FaultKind } from './faults.ts';
export { FAULT_KINDS, TRANSIENT_FAULT_KINDS } from './faults.ts';

export const GHES_VERSION = '3.19';
const GHES_PREFIX = '/api/v3';

export interface FakeGitHubOptions {
  /** Serve GitHub Enterprise Server's API under /api/v3, checked against the ghes-3.19 description. */
  ghes?: boolean;
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Branch or tag names the fake resolves, to full shas (a full sha always resolves to itself). */
  refs?: Record<string, string>;
  /** Compile every validator before answering (about 0.7 s) instead of each on its operation's first call. */
  warm?: boolean;
  /** Where the cut description is cached; default `<os.tmpdir()>/fake-github-openapi`. */
  cacheDir?: string;
  /** The clock for timestamps; default the real one. */
  clock?: () => Date;
  onViolation?: (violation: Violation) => void;
  onRequest?: (request: RecordedRequest) => void;
}

interface StartupTimes {
  /** Reading the cut description (and, when not cached, cutting and caching it). */
  specMs: number;
  fromCache: boolean;
  cachePath: string;
  /** openapi-backend's init (and, with `warm`, compiling every validator). */
  backendMs: number;
  totalMs: number;
}

export interface FakeGitHub {
  /** The base URL for clients: GITHUB_API_URL, or getOctokit's `baseUrl`. */
  apiUrl: string;
  /** The server's origin (web URLs live here; for GHES, apiUrl is origin + /api/v3). */
  origin: string;
  /** Every request, in order of arrival (a live array). */
  requests: RecordedRequest[];
  /** Everything the description or GitHub's rules refused, and any answer of the fake's that broke them. */
  violations: Violation[];
  /** The commit statuses for this sha, in any repository, oldest first, as GitHub shows them. */
  statuses(sha: string): Record<string, unknown>[];
  /** Every check run, oldest first, as GitHub shows them. */
  checkRuns(): Record<string, unknown>[];
  /** The annotations a check run received, in order, as sent (the API lists them with `listCheckRunAnnotations`). */
  annotations(checkRunId: number): Annotation[];
  /** Every deployment, oldest first. */
  deployments(): Record<string, unknown>[];
  /** A deployment's statuses, oldest first. */
  deploymentStatuses(deploymentId: number): Record<string, unknown>[];
  setRef(ref: string, sha: string): void;
  /**
   * The next `times` calls (default 1, or 'always') of an operation ('*' for any) get this fault; with `when`,
   * only the calls it accepts.
   */
  fail(operation: string, kind: FaultKind, times?: number | 'always', options?: ScriptedFaultOptions): void;
  /** Seeded random faults on every call; undefined turns them off. */
  random(options: RandomFaultOptions | undefined): void;
  /** Drops scripted and random faults (the counters stay). */
  clearFaults(): void;
  faultsInjected: FaultCounters;
  startup: StartupTimes;
  /** The openapi-backend instance, for tests that check a value against the description. */
  backend: OpenAPIBackend;
  close(): Promise<void>;
}

function urlsOf(origin: string, ghes: boolean): Urls {
  return { origin, api: ghes ? `${origin}${GHES_PREFIX}` : origin, web: origin };
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const started = performance.now();
  const variant: SpecVariant = options.ghes ? `ghes-${GHES_VERSION}` : 'api.github.com';
  const spec = loadSpec(variant, {
    check: checkDefinition,
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
  });
  const backendStarted = performance.now();
  const api = await createBackend(spec.document, options.ghes ? GHES_PREFIX : '/');
  if (options.warm) compileAll(api);
  const backendMs = performance.now() - backendStarted;
  const clock = options.clock ?? (() => new Date());
  const store = new Store(clock);
  for (const [ref, sha] of Object.entries(options.refs ?? {})) store.setRef(ref, sha);
  const faults = new Faults();
  const requests: RecordedRequest[] = [];
  const violations: Violation[] = [];
  const report = (violation: Violation) => {
    violations.push(violation);
    options.onViolation?.(violation);
  };
  const { server, origin } = await listen(
    {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      ...(options.ghes ? { ghesVersion: `${GHES_VERSION}.0` } : {}),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    },
    (at) => ({ api, store, faults, urls: urlsOf(at, options.ghes === true), report, clock }),
    requests,
  );
  const known = urlsOf(origin, options.ghes === true);
  const deploymentOf = (id: number) => store.deployments.find((deployment) => deployment.id === id);
  return {
    apiUrl: known.api,
    origin,
    requests,
    violations,
    statuses: (sha) =>
      store.statuses.filter((s) => s.sha === sha.toLowerCase()).map((s) => statusView(known, s)),
    checkRuns: () => store.checkRuns.map((run) => checkRunView(known, run)),
    annotations: (id) => [...(store.checkRuns.find((run) => run.id === id)?.annotations ?? [])],
    deployments: () => store.deployments.map((deployment) => deploymentView(known, deployment)),
    deploymentStatuses: (id) => {
      const deployment = deploymentOf(id);
      return deployment
        ? statusesOf(store, id).map((status) => deploymentStatusView(known, deployment, status))
        : [];
    },
    setRef: (ref, sha) => store.setRef(ref, sha),
    fail: (operation, kind, times, faultOptions) => faults.fail(operation, kind, times, faultOptions),
    random: (randomOptions) => faults.random(randomOptions),
    clearFaults: () => faults.clear(),
    faultsInjected: faults.counters,
    startup: {
      specMs: spec.milliseconds,
      fromCache: spec.fromCache,
      cachePath: spec.cachePath,
      backendMs,
      totalMs: performance.now() - started,
    },
    backend: api,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
