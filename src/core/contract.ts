// The action's contract with the workflow: every output it sets and every state entry that main
// leaves for post, each with its type. Main writes through it, post reads through it (and checks
// what it reads), and a test holds the output names to action.yml.
import { isAbsolute } from 'node:path';
import { isSafeId } from '../api/ids.ts';
import type { Result, Status } from '../api/types.ts';
import { isFingerprint, type TriggerFingerprint } from './fingerprint.ts';

// Ids, URLs, statuses, results and progress come from parsed answers, which checked them (see
// src/api/parse.ts): the types hold the outputs to the forms action.yml documents.
export interface OutputValues {
  type: 'run' | 'build';
  id: string;
  'run-id': string;
  'build-id': string;
  url: string;
  /** The run's page for people (the API URL when no page can be derived). */
  'web-url': string;
  status: Status;
  /** The result the gate used: with `wait-for: workflow`, the worst over every run waited for. */
  result: Result;
  /** The triggered (or followed) run's own result; empty with several targets. */
  'run-result': Result | '';
  /** Whole percent from 0 to 100, or empty. */
  progress: string;
  'started-at': string;
  'finished-at': string;
  duration: string;
  /** Digits: 1, and one more for each retry. */
  attempts: string;
  /** JSON: one object per target (see report/runs-output.ts). */
  runs: string;
  'workflow-id': string;
  steps: string;
  /** Set only when a check run was created (or found). */
  'check-run-id': string;
  'deployment-id': string;
  /** The absolute artifacts root, when artifacts or an outputs file were asked for. */
  'artifacts-path': string;
  /** JSON: one entry per step considered (core/artifacts/facts.ts). */
  artifacts: string;
  /** JSON: the outputs file's values; among several targets, by target. */
  'remote-outputs': string;
  /** JSON: the test counts, over all and per target and step (core/test-results.ts). */
  tests: string;
  /** JSON: at most 100 failed tests. */
  'failed-tests': string;
}

export type OutputName = keyof OutputValues;

/** How an output is written when the step has several targets. */
type WithSeveral =
  /** About one run: empty, for each target's is in `runs`. */
  | 'per-run'
  /** One value for the step, made from every target's, written once every target has ended. */
  | 'combined'
  /** Set by a GitHub report for the one target it follows; not set with several (each has its own). */
  | 'report';

/** Every output, in action.yml order, with how it is written with several targets. */
export const OUTPUTS = {
  type: 'combined',
  id: 'per-run',
  'run-id': 'per-run',
  'build-id': 'per-run',
  url: 'per-run',
  'web-url': 'per-run',
  status: 'combined',
  result: 'combined',
  'run-result': 'per-run',
  progress: 'per-run',
  'started-at': 'combined',
  'finished-at': 'combined',
  duration: 'combined',
  attempts: 'per-run',
  runs: 'combined',
  'workflow-id': 'per-run',
  steps: 'per-run',
  'check-run-id': 'report',
  'deployment-id': 'report',
  'artifacts-path': 'combined',
  artifacts: 'combined',
  'remote-outputs': 'combined',
  tests: 'combined',
  'failed-tests': 'combined',
} as const satisfies Record<OutputName, WithSeveral>;

/** In action.yml order. */
export const OUTPUT_NAMES = Object.keys(OUTPUTS) as OutputName[];

/** The outputs of one kind with several targets. */
export type OutputsWithSeveral<Kind extends WithSeveral> = {
  [K in OutputName]: (typeof OUTPUTS)[K] extends Kind ? K : never;
}[OutputName];

export interface Outputs {
  set<K extends OutputName>(name: K, value: OutputValues[K]): void;
}

/** What main leaves for post (GITHUB_STATE → STATE_<key>). */
export interface SavedState {
  kind: 'run' | 'build';
  id: string;
  /** Main saw a final state, confirmed an abort, or left the work running on purpose. */
  settled: boolean;
  /** The other runs a followed workflow started (wait-for: workflow). */
  workflowRuns: string[];
  /** While a run trigger is in flight; cleared once its id is known. */
  pendingTrigger: TriggerFingerprint | undefined;
  /** The reports main opened and did not finish (see `OpenReports`); post finishes them after a SIGKILL. */
  openReports: OpenReports;
  /** With several targets: each one's remote work, in input order (the entries above stay empty). */
  targets: TargetState[] | undefined;
  /** The artifacts root, once opened: post removes the staging folders a killed main left in it. */
  artifactsRoot: string | undefined;
}

/** One target's remote work, as post needs it: the same facts as the single-target entries. */
export interface TargetState {
  kind?: 'run' | 'build';
  id?: string;
  settled: boolean;
  workflowRuns?: string[];
  pendingTrigger?: TriggerFingerprint;
  /** This target's reports left open. */
  openReports?: OpenReports;
}

/**
 * What the reports opened and did not finish, in a form of their own: a JSON value the core saves and hands
 * back whole, and never looks into. The reports that saved it encode it and check it when post reads it back;
 * undefined when none is open.
 */
type OpenReports = unknown;

/** Where the reports of one target keep what they left open: the step's entry, or the target's part of it. */
export interface OpenReportsStore {
  keep(open: OpenReports): void;
}

/** The step's own `openReports` entry (one target). */
export function openReportsIn(store: StateStore): OpenReportsStore {
  return { keep: (open) => saveState(store, 'openReports', open) };
}

export type StateKey = keyof SavedState;

export interface StateStore {
  save(key: StateKey, value: string): void;
  get(key: StateKey): string;
}

const ENCODE: { [K in StateKey]: (value: SavedState[K]) => string } = {
  kind: (kind) => kind,
  id: (id) => id,
  settled: (settled) => (settled ? 'true' : ''),
  workflowRuns: (ids) => JSON.stringify(ids),
  pendingTrigger: (fingerprint) => (fingerprint ? JSON.stringify(fingerprint) : ''),
  openReports: (open) => (open === undefined ? '' : JSON.stringify(open)),
  targets: (targets) => (targets ? JSON.stringify(targets) : ''),
  artifactsRoot: (root) => root ?? '',
};

export function saveState<K extends StateKey>(store: StateStore, key: K, value: SavedState[K]): void {
  store.save(key, ENCODE[key](value));
}

export interface ReadState {
  state: Partial<SavedState>;
  /** Entries that were present but unusable, each named; they are ignored. */
  problems: string[];
}

/** Reads what main saved; anything malformed is dropped and named, never used. */
export function readSavedState(store: StateStore): ReadState {
  const problems: string[] = [];
  const state: Partial<SavedState> = {};
  const kind = store.get('kind');
  if (kind === 'run' || kind === 'build') state.kind = kind;
  else if (kind) problems.push('kind');
  const id = store.get('id');
  if (isSafeId(id)) state.id = id;
  else if (id) problems.push('id');
  state.settled = store.get('settled') === 'true';
  const runs = parseJson(store.get('workflowRuns'));
  if (Array.isArray(runs) && runs.every(isSafeId)) state.workflowRuns = runs;
  else if (runs !== undefined) problems.push('workflowRuns');
  const pending = parseJson(store.get('pendingTrigger'));
  if (isFingerprint(pending)) state.pendingTrigger = pending;
  else if (pending !== undefined) problems.push('pendingTrigger');
  // Opaque: only JSON that does not parse is the core's to drop; the reports check the rest themselves.
  const open = parseJson(store.get('openReports'));
  if (open === null) problems.push('openReports');
  else if (open !== undefined) state.openReports = open;
  const targets = parseJson(store.get('targets'));
  if (Array.isArray(targets) && targets.every(isTargetState)) state.targets = targets;
  else if (targets !== undefined) problems.push('targets');
  const root = store.get('artifactsRoot');
  // Only an absolute path on one line: post removes folders in it.
  if (isAbsolute(root) && !/[\0\r\n]/.test(root) && !root.split(/[\\/]/).includes('..')) {
    state.artifactsRoot = root;
  } else if (root) problems.push('artifactsRoot');
  return { state, problems };
}

function isTargetState(value: unknown): value is TargetState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { kind, id, settled, workflowRuns, pendingTrigger, ...rest } = value as Record<string, unknown>;
  return (
    // `openReports` is opaque: any JSON value is kept.
    Object.keys(rest).every((key) => key === 'openReports') &&
    (kind === undefined || kind === 'run' || kind === 'build') &&
    (id === undefined || isSafeId(id)) &&
    typeof settled === 'boolean' &&
    (workflowRuns === undefined || (Array.isArray(workflowRuns) && workflowRuns.every(isSafeId))) &&
    (pendingTrigger === undefined || isFingerprint(pendingTrigger))
  );
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
