// Every input read and checked in one place, before anything is sent. All problems are collected and thrown
// together as one SettingsError whose message names each input, says what is allowed and how to fix it.
// Pure: the GitHub adapter passes `core.getInput`, the CLI passes its flags under the same names.
import type { EnvVar } from '../api/types.ts';
import { EnvVarsError, parseEnvVars } from './env-vars.ts';
import { Problems, SettingsError } from './settings/problems.ts';
import { ARTIFACT_INPUT_DEFAULTS, readArtifactInputs, type ArtifactSettings } from './settings/artifacts.ts';
import { readTarget, type Target } from './settings/target.ts';
import {
  readBaseUrl,
  readBoolean,
  readBranch,
  readChoice,
  readCommit,
  readId,
  readLogOrigins,
  readPollInterval,
  readRetries,
  readTimeout,
  readToken,
} from './settings/values.ts';

export { SettingsError } from './settings/problems.ts';

export interface Settings {
  /** Normalised: no trailing slash, ends with `/api/v3` (appended unless present). */
  baseUrl: string;
  /** '' only where nothing is triggered (run-id target). */
  token: string;
  /** Other origins (`https://host[:port]`) whose step logs and artifacts may be fetched, without the token. */
  logOrigins: string[];
  /** The only target, or the first of several. */
  target: Target;
  /** Every target in input order (`pipeline-id` lines, then `pipeline` lines); one unless several are given. */
  targets: Target[];
  /** The `application` input when it is not itself the target (for `wait-for: workflow` with run targets). */
  application?: { owner: string; name: string };
  branch?: string;
  /** Full 40-character hash, lower case. */
  commit?: string;
  message?: string;
  /** In the user's order, duplicates kept. */
  envVars: EnvVar[];
  sourceRunId?: string;
  wait: boolean;
  waitFor: 'run' | 'workflow';
  /** How many times a run (or build) that finished `failed` by itself is triggered again: 0 to 5. */
  retries: number;
  /** With several targets: the first that fails aborts the others still running. */
  failFast: boolean;
  /** undefined = no limit, for all attempts together. */
  timeoutMs?: number;
  onTimeout: 'abort' | 'leave';
  abortOnCancel: boolean;
  pollInterval: 'auto' | { fixedMs: number };
  propagateFailure: boolean;
  /**
   * `auto`: `live` for one target, `failed` for several; `live`: every step's log as it runs; `failed`,
   * `all`: the tail of those steps' logs when they end.
   */
  stepLogs: 'auto' | 'live' | 'failed' | 'all' | 'none';
  summary: boolean;
  /** Which steps' artifacts come back, where to and within which sizes; the values file. */
  artifacts: ArtifactSettings;
}

/** The inputs in action.yml order, with the defaults action.yml declares (applied here too when a value is ''). */
export const INPUT_DEFAULTS = {
  'base-url': '',
  token: '',
  'log-origins': '',
  'pipeline-id': '',
  pipeline: '',
  'application-id': '',
  application: '',
  'run-id': '',
  branch: '',
  commit: '',
  message: '',
  'env-vars': '',
  'source-run-id': '',
  wait: 'true',
  'wait-for': 'run',
  retries: '0',
  'fail-fast': 'false',
  timeout: '',
  'on-timeout': 'abort',
  'abort-on-cancel': 'true',
  'poll-interval': 'auto',
  'propagate-failure': 'true',
  'step-logs': 'auto',
  summary: 'true',
  ...ARTIFACT_INPUT_DEFAULTS,
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

export const INPUT_NAMES = Object.keys(INPUT_DEFAULTS) as InputName[];

const TRIGGER_ONLY = ['branch', 'commit', 'message', 'env-vars', 'source-run-id'] as const;

/**
 * Reads and checks every input. Values are trimmed, except `env-vars`, whose lines keep their spaces (the parser
 * trims keys only). Throws a SettingsError listing every problem found.
 */
export function readSettings(getInput: (name: string) => string): Settings {
  const raw = (name: InputName): string => getInput(name) ?? '';
  const value = (name: InputName): string => raw(name).trim();
  const problems = new Problems();

  const baseUrl = readBaseUrl(value('base-url'), problems);
  const logOrigins = readLogOrigins(value('log-origins'), baseUrl, problems);
  const { kind, targets, application } = readTarget(
    {
      'pipeline-id': value('pipeline-id'),
      pipeline: value('pipeline'),
      'application-id': value('application-id'),
      application: value('application'),
      'run-id': value('run-id'),
    },
    problems,
  );
  const triggers = kind !== undefined && kind !== 'run-id';
  const token = readToken(value('token'), triggers, problems);

  const trigger = readTriggerInputs(kind, raw, problems);
  const following = readFollowInputs(kind, value, problems);
  const artifacts = readArtifactInputs(kind, following.wait, value, raw, problems);
  if (targets && targets.length > 1 && following.waitFor === 'workflow') {
    problems.addCombination(
      ['wait-for', kind === 'run-id' ? 'run-id' : kind === 'pipeline-id' ? 'pipeline-id' : 'pipeline'],
      `\`workflow\` follows the workflow of one run, but ${targets.length} targets are given.`,
      'Use `wait-for: run` (the default) with several targets, or give one target per step.',
    );
  }

  if (problems.list.length > 0) throw new SettingsError(problems.list);
  const target = targets?.[0];
  if (baseUrl === undefined || targets === undefined || target === undefined) {
    throw new Error('Settings were incomplete although no input problem was found.');
  }
  return {
    baseUrl,
    token,
    logOrigins,
    target,
    targets,
    ...(application && { application }),
    ...trigger,
    ...following,
    artifacts,
  };
}

type TriggerFields = Pick<Settings, 'branch' | 'commit' | 'message' | 'envVars' | 'sourceRunId'>;

/** What is sent with a trigger; with `run-id` none of it applies, and setting any is a mistake. */
function readTriggerInputs(
  kind: Target['kind'] | undefined,
  raw: (name: InputName) => string,
  problems: Problems,
): TriggerFields {
  const value = (name: InputName): string => raw(name).trim();
  if (kind === 'run-id') {
    for (const name of TRIGGER_ONLY) {
      if (value(name) === '') continue;
      problems.addCombination(
        [name, 'run-id'],
        `\`${name}\` only applies when a run is triggered, but \`run-id\` follows an existing run.`,
        `Remove \`${name}\`, or trigger a new run with \`pipeline-id\` or \`pipeline\` instead of \`run-id\`.`,
      );
    }
    return { envVars: [] };
  }
  const branch = readBranch(value('branch'), problems);
  const commit = readCommit(value('commit'), problems);
  if (value('commit') !== '' && value('branch') === '') {
    problems.addCombination(
      ['commit', 'branch'],
      '`commit` needs `branch`: the service looks the commit up on that branch.',
      'Add the branch that holds the commit, for example `branch: ${{ github.head_ref || github.ref_name }}`.',
    );
  }
  const message = value('message') || undefined;
  const envVars = readEnvVars(raw('env-vars'), problems);
  let sourceRunId = readId('source-run-id', value('source-run-id'), problems);
  if ((kind === 'application' || kind === 'application-id') && value('source-run-id') !== '') {
    problems.add(
      'source-run-id',
      'chains runs, but the target is a classic build (`application-id` or `application`), which cannot chain.',
      'Remove `source-run-id`, or trigger a pipeline with `pipeline-id` or `pipeline` instead.',
    );
    sourceRunId = undefined;
  }
  return {
    ...(branch !== undefined && { branch }),
    ...(commit !== undefined && { commit }),
    ...(message !== undefined && { message }),
    envVars,
    ...(sourceRunId !== undefined && { sourceRunId }),
  };
}

type FollowFields = Pick<
  Settings,
  | 'wait'
  | 'waitFor'
  | 'retries'
  | 'failFast'
  | 'timeoutMs'
  | 'onTimeout'
  | 'abortOnCancel'
  | 'pollInterval'
  | 'propagateFailure'
  | 'stepLogs'
  | 'summary'
>;

/** How to wait, when to stop, and what to report. */
function readFollowInputs(
  kind: Target['kind'] | undefined,
  value: (name: InputName) => string,
  problems: Problems,
): FollowFields {
  const wait = readBoolean('wait', value('wait'), true, problems);
  const waitFor = readChoice('wait-for', value('wait-for'), ['run', 'workflow'], 'run', problems);
  if (waitFor === 'workflow') checkWorkflowWait(kind, value('application') !== '', problems);
  const retries = readRetries(value('retries'), problems);
  if (retries > 0) checkRetries(kind, wait, problems);
  const timeoutMs = readTimeout(value('timeout'), problems);
  return {
    wait,
    waitFor,
    retries,
    failFast: readBoolean('fail-fast', value('fail-fast'), false, problems),
    ...(timeoutMs !== undefined && { timeoutMs }),
    onTimeout: readChoice('on-timeout', value('on-timeout'), ['abort', 'leave'], 'abort', problems),
    abortOnCancel: readBoolean('abort-on-cancel', value('abort-on-cancel'), true, problems),
    pollInterval: readPollInterval(value('poll-interval'), problems),
    propagateFailure: readBoolean('propagate-failure', value('propagate-failure'), true, problems),
    stepLogs: readChoice(
      'step-logs',
      value('step-logs'),
      ['auto', 'live', 'failed', 'all', 'none'],
      'auto',
      problems,
    ),
    summary: readBoolean('summary', value('summary'), true, problems),
  };
}

/** The application whose workflows `wait-for: workflow` reads, when the settings name one. */
export function workflowApplication(
  settings: Pick<Settings, 'target' | 'application'>,
): { owner: string; name: string } | undefined {
  const { target } = settings;
  return target.kind === 'pipeline'
    ? { owner: target.owner, name: target.application }
    : settings.application;
}

function readEnvVars(text: string, problems: Problems): EnvVar[] {
  if (text.trim() === '') return [];
  const envVars = problems.parse(
    'env-vars',
    EnvVarsError,
    () => parseEnvVars(text),
    (error) => [
      error.message,
      'Write one `KEY=VALUE` per line (the value may contain `=`), `KEY<<EOF` … `EOF` for a multi-line value, ' +
        '`#` for comments; or a JSON array `[{"key": "KEY", "value": "VALUE"}]`. Names use letters, digits and `_`.',
    ],
  );
  return envVars ?? [];
}

/** A retry is a new trigger with the same inputs, whose result the action waits for. */
function checkRetries(kind: Target['kind'] | undefined, wait: boolean, problems: Problems): void {
  if (!wait) {
    problems.addCombination(
      ['retries', 'wait'],
      '`retries` triggers a run again when it failed, which needs its result, but `wait: false` does not wait ' +
        'for it.',
      'Remove `retries`, or remove `wait: false` so that the action follows the run to its end.',
    );
  }
  if (kind === 'run-id') {
    problems.addCombination(
      ['retries', 'run-id'],
      '`retries` triggers the same inputs again, but `run-id` follows a run that this step did not trigger.',
      'Remove `retries`, or trigger the run in this step with `pipeline-id` or `pipeline` instead of `run-id`.',
    );
  }
}

function checkWorkflowWait(
  kind: Target['kind'] | undefined,
  hasApplication: boolean,
  problems: Problems,
): void {
  if (kind === 'application' || kind === 'application-id') {
    problems.add(
      'wait-for',
      '`workflow` follows the runs of a workflow, but the target is a classic build, which has no workflow.',
      'Use `wait-for: run` (the default) for builds, or trigger a pipeline with `pipeline-id` or `pipeline`.',
    );
  } else if ((kind === 'pipeline-id' || kind === 'run-id') && !hasApplication) {
    problems.addCombination(
      ['wait-for', 'application'],
      `\`workflow\` reads the workflows of an application, but \`${kind}\` does not say which one.`,
      'Add `application: owner/application` (the application the pipeline belongs to), or give the pipeline ' +
        'by name with `pipeline: owner/application/pipeline`.',
    );
  }
}
