// The rules every hostile-server scenario is held to, each turned into a list of findings so that one
// failed scenario shows everything that went wrong with it at once:
// - log: read with the runner model, only the action's own commands take effect (the mask of its token,
//   its groups, its fences, its debug lines and its annotations, whose text is neutralised);
// - outputs: each output of action.yml in its documented form;
// - requests: nothing outside the API's routes, no unusable id in a path, nothing to another origin;
// - token: no 8-character window of the token anywhere a person or a later step can read.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  makeFiles,
  parseRunnerOutput,
  runAction,
  startAction,
  type ActionResult,
  type StartOptions,
} from '../support/action-harness.ts';
import { LEAK_TOKEN, tokenWindows, visibleTextOf } from '../support/token-leaks.ts';
import { startHostileServer, type HostileServer } from './server.ts';

export const TOKEN = LEAK_TOKEN;
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** What the step's error says when the trigger's answer names the new run or build by an unusable id. */
export const CREATED_BUT_UNUSABLE = /created[^]*unusable|unusable[^]*created/i;

const manifest = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  outputs: Record<string, unknown>;
};
const OUTPUT_NAMES = Object.keys(manifest.outputs);
const STATUSES = ['notstarted', 'started', 'running', 'finished', 'pendingapproval', 'unknown'];
const RESULTS = ['passed', 'failed', 'aborted', 'unknown'];
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const FENCE_TOKEN = /^[0-9a-z]{16,}$/i;
/* eslint-disable no-control-regex -- these look for control characters */
const SGR = /\x1b\[[0-9;:]*m/g;
// C0 but tab and line feed, DEL, C1, and the bidirectional controls.
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// In an annotation, a line break is remote text that escaped its single line.
const ANNOTATION_CONTROLS = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */
// The data of the commands the scenarios inject: an annotation saying only this was not the action's.
const INJECTED_MESSAGE = /^(?:injected\b|INJ$|x$|y$)/i;
const INJECTED_TITLE = /^(?:INJ|injected)$/i;

export interface Findings {
  log: string[];
  outputs: string[];
  requests: string[];
  token: string[];
}

export const CLEAN: Findings = { log: [], outputs: [], requests: [], token: [] };

export interface RequestRules {
  /** The only build abort allowed is `PUT <base-url>/api/v3/builds/<buildId>/abort`, and no run abort. */
  buildId?: string;
  /** Only the requests after this point count (e.g. those of the post entry). */
  after?: Checkpoint;
}

export interface Checkpoint {
  api: number;
  elsewhere: number;
}

export function checkpoint(server: HostileServer): Checkpoint {
  return { api: server.requests().length, elsewhere: server.elsewhere.requests().length };
}

/** A value as a test report shows it: quoted, control characters escaped, cut. */
function show(text: unknown): string {
  const json = JSON.stringify(text) ?? String(text);
  return json.length > 160 ? `${json.slice(0, 157)}…"` : json;
}

export function inspectAction(
  result: Pick<ActionResult, 'stdout' | 'stderr' | 'outputs' | 'state' | 'summary'>,
  server: HostileServer,
  rules: RequestRules = {},
): Findings {
  const debugView = parseRunnerOutput(result.stdout, { stepDebug: true }).log.join('\n');
  return {
    log: [...logProblems(result.stdout, 'stdout'), ...logProblems(result.stderr, 'stderr')],
    outputs: outputProblems(result.outputs),
    requests: requestProblems(server, rules),
    token: tokenProblems([visibleTextOf(result), debugView]),
  };
}

/** The CLI has no workflow commands of its own, and its output reaches a terminal. */
export function inspectCli(result: { stdout: string; stderr: string }, server: HostileServer): Findings {
  const log: string[] = [];
  for (const [stream, text] of [
    ['stdout', result.stdout],
    ['stderr', result.stderr],
  ] as const) {
    log.push(...controlProblems(text, stream));
    for (const command of parseRunnerOutput(text).commands) {
      log.push(`${stream}: read as a workflow command in a run: step: ${show(command.line)}`);
    }
    for (const line of parseRunnerOutput(text).plainLines.filter(isViewerMarker)) {
      log.push(`${stream}: the log viewer draws a marker: ${show(line)}`);
    }
  }
  return {
    log,
    outputs: [],
    requests: requestProblems(server, {}),
    token: tokenProblems([result.stdout, result.stderr]),
  };
}

function logProblems(text: string, stream: string): string[] {
  const output = parseRunnerOutput(text);
  const problems: string[] = [];
  if (output.aborted) problems.push(`${stream}: the runner stops reading: ${output.aborted.message}`);
  let open = false;
  for (const command of output.commands) {
    const line = show(command.line);
    if (command.outcome === 'failed') problems.push(`${stream}: a command fails the step: ${line}`);
    else if (command.outcome === 'stop' && !FENCE_TOKEN.test(command.data)) {
      problems.push(`${stream}: commands stopped by a foreign token: ${line}`);
    }
    if (command.outcome !== 'done') continue;
    const name = command.name.toLowerCase();
    if (name === 'add-mask') {
      if (command.data !== TOKEN) problems.push(`${stream}: a mask of ${show(command.data)}: ${line}`);
    } else if (name === 'group') {
      if (open) problems.push(`${stream}: a group opened inside a group: ${line}`);
      open = true;
    } else if (name === 'endgroup') {
      if (!open) problems.push(`${stream}: an endgroup with no group open: ${line}`);
      open = false;
    } else if (!['debug', 'error', 'warning', 'notice'].includes(name)) {
      problems.push(`${stream}: ${command.name} takes effect: ${line}`);
    }
  }
  for (const stop of output.stops) {
    if (stop.resumedAt === undefined) {
      problems.push(`${stream}: commands stay stopped from ${show(output.lines[stop.index])}`);
    }
  }
  for (const group of output.groups) {
    if (group.openedByText || group.closedBy === 'text') {
      problems.push(`${stream}: a group drawn from text: ${show(group.title)}`);
    }
  }
  for (const annotation of output.annotations) {
    const title = annotation.properties.title ?? '';
    const where = `${stream}: ${annotation.level} ${show(output.lines[annotation.index])}`;
    if (!annotation.fromCommand)
      problems.push(`${stream}: the runner complains: ${show(annotation.message)}`);
    else if (INJECTED_MESSAGE.test(annotation.message.trim()) || INJECTED_TITLE.test(title.trim())) {
      problems.push(`${where} is injected`);
    } else if (ANNOTATION_CONTROLS.test(annotation.message) || ANNOTATION_CONTROLS.test(title)) {
      problems.push(`${where} is not neutralised`);
    }
    const extra = Object.keys(annotation.properties).filter((key) => key !== 'title');
    if (annotation.fromCommand && extra.length > 0) problems.push(`${where} has properties ${extra}`);
  }
  for (const line of output.plainLines.filter(isViewerMarker)) {
    problems.push(`${stream}: the log viewer draws a marker: ${show(line)}`);
  }
  return [...problems, ...controlProblems(text, stream)];
}

function isViewerMarker(line: string): boolean {
  return /^##\[[a-z]/i.test(line);
}

function controlProblems(text: string, stream: string): string[] {
  const found = new Set<string>();
  for (const [char] of text.replace(SGR, '').matchAll(CONTROLS)) {
    found.add(`U+${char.codePointAt(0)!.toString(16).padStart(4, '0').toUpperCase()}`);
  }
  return found.size > 0 ? [`${stream}: control characters ${[...found].join(' ')}`] : [];
}

function outputProblems(outputs: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(outputs)) {
    const bad = (why: string) => problems.push(`output ${name}=${show(value)}: ${why}`);
    if (!OUTPUT_NAMES.includes(name)) bad('not an output of action.yml');
    else if (['id', 'run-id', 'build-id', 'workflow-id'].includes(name)) {
      if (!SAFE_ID.test(value)) bad('not an id');
    } else if (name === 'type' && value !== 'run' && value !== 'build') bad('not run or build');
    else if (name === 'url' && !isHttpUrl(value)) bad('not an http(s) URL free of whitespace');
    else if (name === 'status' && !STATUSES.includes(value)) bad('not a status');
    else if ((name === 'result' || name === 'run-result') && !RESULTS.includes(value)) bad('not a result');
    else if (['progress', 'duration', 'attempts'].includes(name) && !/^\d*$/.test(value)) bad('not digits');
    else if ((name === 'started-at' || name === 'finished-at') && value !== '' && !ISO_TIME.test(value)) {
      bad('not an ISO 8601 time');
    } else if ((name === 'steps' || name === 'runs') && !isJsonArray(value)) bad('not a JSON array');
  }
  return problems;
}

function isHttpUrl(text: string): boolean {
  if (/[\s\p{Cc}]/u.test(text)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

function isJsonArray(text: string): boolean {
  try {
    return Array.isArray(JSON.parse(text));
  } catch {
    return false;
  }
}

function requestProblems(server: HostileServer, rules: RequestRules): string[] {
  const problems: string[] = [];
  for (const request of server.requests().slice(rules.after?.api ?? 0)) {
    const what = `${request.method} ${show(request.target)}`;
    if (request.host !== `127.0.0.1:${server.port}`) {
      problems.push(`reached the API's port as another origin (Host ${request.host}): ${what}`);
    }
    if (!request.route) problems.push(`outside the API's routes: ${what}`);
    else if (request.params.some((param) => !SAFE_ID.test(param)))
      problems.push(`an unusable id in: ${what}`);
    if (rules.buildId !== undefined && request.method === 'PUT') {
      const expected = `/api/v3/builds/${rules.buildId}/abort`;
      if (request.target !== expected) problems.push(`an abort sent to ${what}, not to ${expected}`);
    }
  }
  for (const request of server.elsewhere.requests().slice(rules.after?.elsewhere ?? 0)) {
    const token = request.headers.authorization ? ', with the token' : '';
    problems.push(`left the API: ${request.method} ${show(request.target)} (Host ${request.host}${token})`);
  }
  return problems;
}

function tokenProblems(texts: string[]): string[] {
  const windows = tokenWindows(texts.join('\n'), TOKEN);
  return windows.length > 0 ? [`token pieces visible: ${windows.slice(0, 4).join(' ')}`] : [];
}

/** The error the step failed with (its last error annotation). */
export function stepError(result: Pick<ActionResult, 'stdout'>): string {
  return parseRunnerOutput(result.stdout).errors.at(-1)?.message ?? '';
}

// ---------------------------------------------------------------------------------------------------
// Running the action against a hostile server.

/** A fresh server for one test, closed after it. */
export async function withServer(test: (server: HostileServer) => Promise<void>): Promise<void> {
  const server = await startHostileServer();
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

/** Every host that is not loopback is reached through the elsewhere listener. */
export function proxyEnv(server: HostileServer): Record<string, string> {
  const proxy = server.elsewhere.proxyUrl;
  return { HTTP_PROXY: proxy, HTTPS_PROXY: proxy, http_proxy: proxy, https_proxy: proxy };
}

function actionInputs(server: HostileServer, inputs: Record<string, string>): Record<string, string> {
  // The timeout bounds a scenario in which the action would wait for something that never ends.
  return { 'base-url': server.url, token: TOKEN, 'poll-interval': '1s', timeout: '5s', ...inputs };
}

export function runMain(
  server: HostileServer,
  inputs: Record<string, string>,
  options: StartOptions = {},
): Promise<ActionResult> {
  return runAction(actionInputs(server, inputs), { ...options, env: proxyEnv(server) });
}

export function startMain(server: HostileServer, inputs: Record<string, string>, options: StartOptions = {}) {
  return startAction(actionInputs(server, inputs), { ...options, env: proxyEnv(server) });
}

/** The post entry, on the state main left in `files` (or the given `state`); its outputs are its own. */
export function runPost(
  server: HostileServer,
  inputs: Record<string, string>,
  options: Pick<StartOptions, 'files' | 'state'> = {},
): Promise<ActionResult> {
  const fresh = makeFiles();
  return runAction(actionInputs(server, inputs), {
    entry: 'post',
    files: options.files ? { ...fresh, state: options.files.state } : fresh,
    ...(options.state ? { state: options.state } : {}),
    env: proxyEnv(server),
  });
}
