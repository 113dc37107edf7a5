// Public types of the emulator: how tests and tools drive it.

/**
 * Which era's bodies the emulator serves. `spec`: the spec's names, with the real fields the spec's lists
 * do not forbid. `2017`: the names and fields of recorded traffic (July 2017). `2016`: the classic-stack
 * bodies of the Java client's fixtures, which its strict mapper accepts and nothing more.
 */
export type Shape = 'spec' | '2016' | '2017';
export const SHAPES = ['spec', '2016', '2017'] as const satisfies readonly Shape[];

export interface Quirks {
  /** The era of the bodies served; `spec` by default. */
  shape: Shape;
  /** POST /runs answers like the real Go backend did: trimmed body, Go-style timestamps, no charset. */
  goTriggerResponse: boolean;
  /** A queued run shows `pendingapproval` instead of `notstarted` (after the trigger response). */
  pendingApproval: boolean;
  /** Runs carry `progress: null`. */
  nullProgress: boolean;
  /** Steps from order 3 on carry `displayName` and `phase: "mainSteps"` instead of `step`. */
  displayNameSteps: boolean;
  /** The runs list defaults to 10 items (as real servers did) instead of the documented 20. */
  runsDefaultLimit10: boolean;
  /** Step logs ignore `Range`: always 200 with the whole log so far. */
  ignoreRange: boolean;
  /** A step's log answers 404 until the step has finished, as a server that stores logs at the step's end. */
  logsWhenFinished: boolean;
  /** POST /runs ignores keys it does not know (`sourceRun`, `targetId`) instead of answering 400. */
  lenientTriggerBody: boolean;
  /** `artifactsUrl` is a signed URL on the storage origin (another port), which refuses any API token. */
  artifactsOtherOrigin: boolean;
  /** The API's artifacts route answers 302 to a signed URL on the storage origin. */
  artifactsRedirect: boolean;
  /** The API's artifacts route answers 302 to a signed URL on the API's own origin. */
  artifactsRedirectSameOrigin: boolean;
  /** An archive answers 404 for ARTIFACTS_LATE_MS (5 s) of world time after its step finished. */
  artifactsLate: boolean;
  /** An archive answers 410 from ARTIFACTS_KEPT_MS (10 min) of world time after its step finished. */
  artifactsExpire: boolean;
  /** Archives ignore Range and carry no ETag or Last-Modified: a cut download cannot be resumed. */
  artifactsNoRange: boolean;
}

export const QUIRK_NAMES = [
  'goTriggerResponse',
  'pendingApproval',
  'nullProgress',
  'displayNameSteps',
  'runsDefaultLimit10',
  'ignoreRange',
  'logsWhenFinished',
  'lenientTriggerBody',
  'artifactsOtherOrigin',
  'artifactsRedirect',
  'artifactsRedirectSameOrigin',
  'artifactsLate',
  'artifactsExpire',
  'artifactsNoRange',
] as const satisfies readonly BooleanQuirk[];

/** The quirks that are on or off (every one but `shape`). */
export type BooleanQuirk = Exclude<keyof Quirks, 'shape'>;

/** What may be set: any quirk, and `realNames`, the earlier name of `shape: "2017"` (false: back to `spec`). */
export type QuirkSettings = Partial<Quirks> & { realNames?: boolean };

export const NO_QUIRKS: Quirks = {
  shape: 'spec',
  goTriggerResponse: false,
  pendingApproval: false,
  nullProgress: false,
  displayNameSteps: false,
  runsDefaultLimit10: false,
  ignoreRange: false,
  logsWhenFinished: false,
  lenientTriggerBody: false,
  artifactsOtherOrigin: false,
  artifactsRedirect: false,
  artifactsRedirectSameOrigin: false,
  artifactsLate: false,
  artifactsExpire: false,
  artifactsNoRange: false,
};

export interface FaultSpec {
  /** 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; undefined matches any method. */
  method?: string;
  /** Route pattern as registered (e.g. '/api/v3/runs/:runId'), a concrete path, or '*' for every /api/v3 request. */
  route: string;
  /** Answer with this status and a Boom-shaped body instead of handling. */
  status?: number;
  /** Retry-After header value sent with `status`. */
  retryAfter?: string;
  /** Added real latency before handling or answering. */
  delayMs?: number;
  /** Destroy the socket without answering. */
  destroySocket?: boolean;
  /** Handle the request for real, then fail the response (with `status` if given, else destroy the socket). */
  afterApply?: boolean;
  /** Handle the request for real, send the answer's headers and this many bytes of its body, then drop the connection. */
  dropAfterBytes?: number;
  /** Handle the request for real, then hold the answer this many real ms (a slow response, not a slow server). */
  holdMs?: number;
  /** How many matching requests the fault applies to; default 1. */
  times?: number;
}

export interface RequestLogEntry {
  /** Real time (Date.now()) when the request arrived. */
  at: number;
  method: string;
  /** Path without the query string. */
  path: string;
  /** The matched route pattern, when one matched. */
  route?: string;
  /** The query, with the values of credential-looking parameters (`token`, ...) replaced by '[redacted]'. */
  query: Record<string, string>;
  /**
   * The parsed body of a request with a known token, with the values of environment variables replaced
   * by '[redacted]'; over 4 KiB of JSON, the start of that JSON and how long it was.
   */
  body?: unknown;
  hasAuthorization: boolean;
  /** Status sent; undefined when the socket was destroyed instead. */
  status?: number;
}

export interface EmulatorRunView {
  id: string;
  pipelineId: string;
  pipelineName: string;
  applicationId: string;
  status: string;
  result: string;
  progress: number;
  branch: string;
  commitHash: string;
  message: string;
  envVars: { key: string; value: string }[];
  sourceRunId?: string;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  workflowId?: string;
}

/** What the emulator has served since it started or was last reset (`GET /_emulator/stats`). */
export interface EmulatorStats {
  /** The process serving, so that whoever started it can tell it from another server on the port. */
  pid: number;
  /** Real time when counting began: the start, or the last reset. */
  since: string;
  /** API requests (not /_emulator/ ones), most requested endpoint first; `route` is the pattern matched. */
  requests: { total: number; byEndpoint: Array<{ method: string; route: string; count: number }> };
  /** Requests answered by an injected fault, by the fault's method and route. */
  faults: { injected: number; byRoute: Array<{ method?: string; route: string; count: number }> };
  /** Runs created after the world was loaded, among those the world keeps (see `maxRuns`), oldest first. */
  runs: EmulatorRunView[];
}

export interface EmulatorControl {
  injectFault(fault: FaultSpec): void;
  clearFaults(): void;
  /** Faults still waiting to apply, with their remaining `times`. */
  faults(): FaultSpec[];
  /** API requests only (not /_emulator/ ones), oldest first; the latest `maxRequests` of them. */
  requests(): RequestLogEntry[];
  clearRequests(): void;
  /** Back to the initial world, clock, speed, quirks, faults and request log. */
  reset(): void;
  setSpeed(speed: number): void;
  speed(): number;
  advance(ms: number): void;
  /** World clock, epoch ms. */
  now(): number;
  setQuirks(q: QuirkSettings): void;
  quirks(): Quirks;
  /** Every run the world keeps (see `maxRuns`), oldest first. */
  runs(): EmulatorRunView[];
  /** What was served since the start or the last reset. */
  stats(): EmulatorStats;
}

export interface Emulator {
  /** 'http://127.0.0.1:PORT' without a trailing slash; the API is at url + '/api/v3'. */
  url: string;
  /**
   * The storage origin, 'http://127.0.0.1:OTHER_PORT': where signed archive URLs point under the
   * `artifactsOtherOrigin` and `artifactsRedirect` quirks (also `GET /_emulator/storage`).
   */
  storageUrl: string;
  /** What the control API over HTTP (/_emulator/) requires: `Authorization: Bearer <token>` or `x-emulator-token`. */
  controlToken: string;
  close(): Promise<void>;
  control: EmulatorControl;
}
