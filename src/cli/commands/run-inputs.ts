// The `run` command's flags are the action's inputs under the same names, so that readSettings checks them
// with the same rules and messages. `--env-vars` may repeat, and `--env-vars-file` adds a file in the same
// format, in the order given on the command line. (Not `--env-file`: node takes that flag for itself even
// after the script's name.)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { INPUT_NAMES, type InputName } from '../../core/settings.ts';
import { baseUrlOf } from '../connection.ts';
import { UsageError } from '../errors.ts';
import type { Flags, OptionSpec } from '../flags.ts';
import type { CliIo } from '../io.ts';
import { messageOf } from '../../text/message.ts';

const INPUT_HELP: Record<InputName, { value: string; description: string }> = {
  'base-url': {
    value: '<url>',
    description: 'Service root (default: $CI_RUN_BASE_URL); /api/v3 is appended.',
  },
  token: {
    value: '<token>',
    description: 'API token (default: $CI_RUN_TOKEN); other local users see it in ps: prefer --token-file.',
  },
  'log-origins': { value: '<origin>', description: 'Other origins whose step logs may be fetched.' },
  'pipeline-id': { value: '<id>', description: 'Trigger a run of this pipeline; repeat it for several.' },
  pipeline: {
    value: '<owner/app/pipeline>',
    description: 'Trigger a run of the pipeline with this name; repeat it for several.',
  },
  'application-id': { value: '<id>', description: 'Trigger a classic build of this application.' },
  application: {
    value: '<owner/app>',
    description:
      'Alone: trigger a classic build; with a run target: the application for --wait-for workflow.',
  },
  'run-id': {
    value: '<id>',
    description: 'Follow this existing run instead of triggering one; repeat it for several.',
  },
  branch: { value: '<name>', description: "Branch to run (default: the application's default branch)." },
  commit: { value: '<hash>', description: 'Full 40-character commit hash to run; needs --branch.' },
  message: { value: '<text>', description: 'Message of the run or build (default: the commit message).' },
  'env-vars': {
    value: '<KEY=VALUE>',
    description: 'A variable to send; repeat it, in order, or give several lines (or a JSON array) at once.',
  },
  'source-run-id': { value: '<id>', description: 'Chain from this run (its artifacts become the input).' },
  wait: { value: '<true|false>', description: 'false: trigger, print the ids and exit (default: true).' },
  'wait-for': {
    value: '<run|workflow>',
    description: 'workflow: also wait for the runs the workflow starts after.',
  },
  retries: {
    value: '<0-5>',
    description: 'Trigger a run that failed by itself again, up to this many times (default: 0).',
  },
  'fail-fast': {
    value: '<true|false>',
    description: 'With several targets: the first that fails aborts the others (default: false).',
  },
  timeout: {
    value: '<duration>',
    description: 'Longest wait for all attempts: 90s, 20m, 2h or seconds (default: none).',
  },
  'on-timeout': {
    value: '<abort|leave>',
    description: 'What happens to the remote run on timeout (default: abort).',
  },
  'abort-on-cancel': {
    value: '<true|false>',
    description: 'Abort the remote run on Ctrl-C (default: true).',
  },
  'poll-interval': {
    value: '<auto|duration>',
    description: 'auto, or a fixed interval of at least 1s (default: auto).',
  },
  'propagate-failure': {
    value: '<true|false>',
    description: 'Exit 1 unless the result is passed (default: true).',
  },
  'step-logs': {
    value: '<auto|live|failed|all|none>',
    description:
      'live: each step’s log as it runs; failed, all: the tail of those steps’ logs; none (default: auto, live for one target).',
  },
  summary: { value: '<true|false>', description: 'Print the summary at the end (default: true).' },
  artifacts: {
    value: '<none|all|step>',
    description: 'Bring these steps’ artifacts back: all, or a step name; repeat it (default: none).',
  },
  'artifacts-path': { value: '<dir>', description: 'Where they go (default: ci-run-artifacts).' },
  'artifacts-max-size': {
    value: '<size>',
    description: 'Most bytes for one step, e.g. 500MB (default: 2GB).',
  },
  'artifacts-max-total': { value: '<size>', description: 'Most bytes for all of them (default: 10GB).' },
  'artifacts-extract': {
    value: '<true|false>',
    description: 'false: keep each archive as it came (default: true).',
  },
  'if-no-artifacts': {
    value: '<warn|error|ignore>',
    description: 'When a named step stored nothing (default: warn).',
  },
  'test-reports': {
    value: '<glob>',
    description: 'JUnit reports inside the archives, e.g. **/junit*.xml; repeat it. Prints the failed tests.',
  },
  'test-reports-root': {
    value: '<dir>',
    description: 'The remote checkout folder, stripped from report paths.',
  },
  'outputs-file': {
    value: '<path>',
    description: 'A KEY=VALUE file inside the archives, printed as remote outputs.',
  },
};

/** Flags that may repeat: each value is one line of the input. */
const REPEATED = new Set<InputName>([
  'env-vars',
  'pipeline-id',
  'pipeline',
  'run-id',
  'artifacts',
  'test-reports',
]);

/** One flag per action input, plus `--env-vars-file`. */
export const RUN_OPTIONS: Record<string, OptionSpec> = {
  ...Object.fromEntries(
    INPUT_NAMES.map((name) => [
      name,
      {
        type: 'string',
        ...INPUT_HELP[name],
        ...(REPEATED.has(name) ? { multiple: true } : {}),
      } satisfies OptionSpec,
    ]),
  ),
  'env-vars-file': {
    type: 'string',
    multiple: true,
    value: '<path>',
    description: 'Variables from a file in the --env-vars format (KEY=VALUE lines, # comments).',
  },
};

/**
 * The inputs as the action would read them; values not given are '' and take the action's defaults. The
 * token is read beforehand (connection.ts), for it may come from a file or standard input.
 */
export function inputsFromFlags(flags: Flags, io: CliIo, token: string): (name: string) => string {
  const envVars = flags.order
    .filter((option) => option.name === 'env-vars' || option.name === 'env-vars-file')
    .map((option) => (option.name === 'env-vars-file' ? readEnvFile(option.value, io.cwd) : option.value));
  const values: Record<string, string> = {
    ...Object.fromEntries(INPUT_NAMES.map((name) => [name, flags.string(name) ?? ''])),
    ...Object.fromEntries(
      ['pipeline-id', 'pipeline', 'run-id', 'artifacts', 'test-reports'].map((name) => [
        name,
        flags.list(name).join('\n'),
      ]),
    ),
    'base-url': baseUrlOf(flags, io.env),
    token,
    'env-vars': envVars.join('\n'),
  };
  return (name) => values[name] ?? '';
}

function readEnvFile(path: string, cwd: string): string {
  try {
    return readFileSync(resolve(cwd, path), 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    const reason = (error as { code?: string }).code ?? messageOf(error);
    throw new UsageError(`cannot read --env-vars-file ${JSON.stringify(path)} (${reason}).`);
  }
}
