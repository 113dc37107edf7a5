// Every command's --json against a server whose every free-text string is one of the hostile texts the
// action's tests use. Scripts read that JSON, but so does the runner when the CLI runs in a workflow step:
// no `#` (the runner acts on `##[` anywhere in a line), no control, format or bidirectional character may
// reach stdout as it is, and a JSON parser must still read back the remote text whole.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.ts';
import { runCli } from '../../src/cli/main.ts';
import { sendJson, startStub, type StubServer } from '../api/helpers.ts';
import { HOSTILE_LOG_LINES, HOSTILE_TEXTS } from '../hostile/values.ts';
import { parseRunnerOutput } from '../support/action-harness.ts';
import { captureIo } from './helpers.ts';

const TEXTS = HOSTILE_TEXTS.map(([, text]) => text);
const text = (index: number) => TEXTS[index % TEXTS.length]!;
/** A log line the runner would turn into an error annotation, were it printed as it is. */
const FORGED_ERROR = '##[error]forged by the remote log';
const TIME = '2025-06-11T14:02:33.000Z';
const RUN_ID = '5e0000000000000000000001';
const PIPELINE_ID = '5f0000000000000000000001';
const APP_ID = '610000000000000000000001';
const WORKFLOW_ID = '6d0000000000000000000001';

/**
 * One row per command that prints remote text with --json: the words it is named by in COMMANDS, and its
 * command line. A new command is one more row here (and its endpoint in ROUTES below).
 */
const JSON_COMMANDS: Array<[words: string, args: string[]]> = [
  ['run', ['run', '--pipeline-id', PIPELINE_ID, '--poll-interval', '1s', '--step-logs', 'all']],
  ['abort', ['abort', RUN_ID]],
  ['runs list', ['runs', 'list', '--pipeline-id', PIPELINE_ID]],
  ['run get', ['run', 'get', RUN_ID]],
  ['steps', ['steps', RUN_ID]],
  ['logs', ['logs', RUN_ID]],
  ['artifacts', ['artifacts', RUN_ID, '--out', join(mkdtempSync(join(tmpdir(), 'ci-run-json-')), 'out')]],
  ['apps list', ['apps', 'list', 'acme']],
  ['app get', ['app', 'get', 'acme/webapp']],
  ['app ignore-branches', ['app', 'ignore-branches', 'acme/webapp', 'main']],
  ['pipelines list', ['pipelines', 'list', 'acme/webapp']],
  ['builds list', ['builds', 'list', 'acme/webapp']],
  ['deploys list', ['deploys', 'list', 'acme/webapp']],
  ['workflows list', ['workflows', 'list', '--application-id', APP_ID]],
  ['workflows get', ['workflows', 'get', WORKFLOW_ID]],
];

/** Commands whose --json holds nothing the server sent, and why. */
const WITHOUT_REMOTE_TEXT: Record<string, string> = {
  emulator: 'prints the address and the tokens of the emulator it starts',
};

let server: StubServer;
const api = () => `${server.url}/api/v3`;

const user = (index: number) => ({ userId: 'u1', name: text(index), meta: { username: text(index + 1) } });
const application = (index = 0) => ({
  id: APP_ID,
  url: `${api()}/applications/acme/webapp`,
  name: text(index),
  owner: user(index + 1),
  createdAt: TIME,
  ignoredBranches: [text(index + 2), text(index + 3)],
});
const run = (index = 0) => ({
  id: RUN_ID,
  url: `${api()}/runs/${RUN_ID}`,
  status: 'finished',
  result: 'passed',
  progress: 100,
  branch: text(index),
  commitHash: text(index + 1),
  message: text(index + 2),
  user: user(index + 3),
  pipeline: { id: PIPELINE_ID, url: `${api()}/pipelines/${PIPELINE_ID}`, name: text(index + 5) },
  envVars: [{ key: 'K', value: text(index + 6) }],
  createdAt: TIME,
  startedAt: TIME,
  finishedAt: TIME,
});
const steps = () =>
  TEXTS.map((name, index) => ({
    id: `s${index}`,
    url: `${api()}/runsteps/s${index}`,
    order: index + 1,
    step: name,
    status: 'finished',
    result: 'passed',
    createdAt: TIME,
    startedAt: TIME,
    finishedAt: TIME,
    logUrl: `${api()}/runsteps/s${index}/log`,
  }));
const build = (index = 0) => ({
  id: `b${index}`,
  url: `${api()}/builds/b${index}`,
  status: 'finished',
  result: 'passed',
  progress: 100,
  branch: text(index),
  commitHash: text(index + 1),
  message: text(index + 2),
  createdAt: TIME,
});
/** A deploy has no free text but its words, which the client keeps to show when it does not know them. */
const deploy = (index = 0) => ({
  id: `d${index}`,
  url: `${api()}/deploys/d${index}`,
  status: text(index),
  result: text(index + 1),
  createdAt: TIME,
});
const workflow = (index = 0) => ({
  id: WORKFLOW_ID,
  url: `${api()}/workflows/${WORKFLOW_ID}`,
  createdAt: TIME,
  trigger: text(index),
  data: { branch: text(index + 1), message: text(index + 2) },
  items: [
    {
      id: 'i1',
      type: 'run',
      status: 'finished',
      result: 'passed',
      data: {
        runId: RUN_ID,
        pipelineId: PIPELINE_ID,
        targetName: text(index + 3),
        stepName: text(index + 4),
      },
    },
  ],
});

/** `METHOD path below /api/v3` to the answer; the log is the hostile log lines. */
const ROUTES: Array<[route: RegExp, answer: () => unknown]> = [
  [/^GET \/runs$/, () => TEXTS.map((_t, index) => run(index))],
  [/^POST \/runs$/, () => run(1)],
  [/^GET \/runs\/[^/]+$/, () => run(9)],
  [/^PUT \/runs\/[^/]+\/abort$/, () => run(8)],
  [/^GET \/runs\/[^/]+\/steps$/, steps],
  [/^GET \/applications\/[^/]+$/, () => TEXTS.map((_t, index) => application(index))],
  [/^(GET|PATCH) \/applications\/[^/]+\/[^/]+$/, () => application(9)],
  [/^GET \/applications\/[^/]+\/[^/]+\/pipelines$/, () => TEXTS.map((name) => ({ id: PIPELINE_ID, name }))],
  [/^GET \/applications\/[^/]+\/[^/]+\/builds$/, () => TEXTS.map((_t, index) => build(index))],
  [/^GET \/applications\/[^/]+\/[^/]+\/deploys$/, () => TEXTS.map((_t, index) => deploy(index))],
  [/^GET \/workflows$/, () => TEXTS.map((_t, index) => workflow(index))],
  [/^GET \/workflows\/[^/]+$/, () => workflow(5)],
];

beforeAll(async () => {
  server = await startStub((request, response) => {
    const path = new URL(request.url, server.url).pathname.replace(/^\/api\/v3/, '');
    if (/^\/runsteps\/[^/]+\/log$/.test(path)) {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`${[...HOSTILE_LOG_LINES, FORGED_ERROR].join('\n')}\n`);
      return;
    }
    const route = ROUTES.find(([pattern]) => pattern.test(`${request.method} ${path}`));
    if (route) sendJson(response, 200, route[1]());
    else sendJson(response, 404, { statusCode: 404, message: `${request.method} ${path} is not here` });
  });
});
afterAll(async () => server?.close());

// C0 but LF, DEL, C1, the format characters (bidirectional and zero-width ones among them), U+2028/9.
// eslint-disable-next-line no-control-regex
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;

/** Every string in a JSON value, at any depth. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe.each([
  ['outside GitHub Actions', false],
  ['with GITHUB_ACTIONS=true', true],
])('--json of every command against a hostile server, %s', (_name, actions) => {
  it.each(JSON_COMMANDS)('%s --json', async (_words, args) => {
    const io = captureIo({
      CI_RUN_BASE_URL: server.url,
      CI_RUN_TOKEN: 'token',
      ...(actions ? { GITHUB_ACTIONS: 'true' } : {}),
    });
    expect(await runCli([...args, '--json'], io), io.err()).toBe(0);
    const stdout = io.out();
    expect(stdout).not.toContain('#');
    expect(stdout).not.toMatch(RAW);
    const runner = parseRunnerOutput(stdout);
    expect(runner.commands.map((command) => command.line)).toEqual([]);
    // The report on stderr may fence log tails (with GITHUB_ACTIONS=true), and nothing else.
    const fenced = (outcome: string) => outcome === 'stop' || outcome === 'resume';
    const acted = parseRunnerOutput(io.err()).commands.filter((command) => !fenced(command.outcome));
    expect(acted.map((command) => command.line)).toEqual([]);
    // Still JSON (one document, or one per line for logs), and still the remote text: `##[` read back.
    const documents = args[0] === 'logs' ? stdout.trimEnd().split('\n') : [stdout];
    const strings = documents.flatMap((document) => stringsOf(JSON.parse(document)));
    expect(strings.some((value) => value.includes('##['))).toBe(true);
  });
});

it('has a row for every command that prints remote text with --json', () => {
  const named = COMMANDS.map((command) => command.words.join(' '));
  const covered = [...JSON_COMMANDS.map(([words]) => words), ...Object.keys(WITHOUT_REMOTE_TEXT)];
  expect(named.filter((words) => !covered.includes(words))).toEqual([]);
  expect(covered.filter((words) => !named.includes(words))).toEqual([]);
});

it('logs --json: a `##[error]` line and a step named with `##[` come back whole, with no `#` printed', async () => {
  const io = captureIo({ CI_RUN_BASE_URL: server.url, CI_RUN_TOKEN: 'token', GITHUB_ACTIONS: 'true' });
  expect(await runCli(['logs', RUN_ID, '--step', '2', '--json'], io), io.err()).toBe(0);
  expect(io.out()).not.toContain('##[');
  const lines = io
    .out()
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as { step: number; name: string; line: string });
  expect(lines.every((line) => line.step === 2 && line.name === '##[group]injected group')).toBe(true);
  expect(lines.map((line) => line.line)).toContain(FORGED_ERROR);
  expect(lines.map((line) => line.line)).toContain('build ##[warning]injected legacy warning');
  expect(parseRunnerOutput(io.out()).annotations).toEqual([]);
});
