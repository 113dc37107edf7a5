// Benchmark 3: time from spawning the process to the first request reaching the emulator, for the
// bundled action against bare Node in the same run; the post entry with nothing to do (spawn → exit);
// with a baseline bundle, the same for it, interleaved, as a before/after table; with the peers'
// committed bundles (bench/peers.ts), each to its first request, interleaved too; and the size of what
// is shipped in dist/.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startEmulator, type EmulatorControl } from '../src/emulator/index.ts';
import { FirstBytes, launchPeer, peerFirstRequest, type PeerBundle } from './peers.ts';
import { launch, makeStepFiles } from './support/action.ts';
import { distFiles, type ActionEntries } from './support/dist.ts';
import { bytes, ms, ratio } from './support/format.ts';
import { table } from './support/markdown.ts';
import { median, percentile } from './support/stats.ts';
import { benchWorld, BENCH_TOKEN, hexId } from './support/world.ts';

export interface ColdStartOptions {
  repeats: number;
  /** Another bundle to measure in the same run, for a before/after comparison. */
  baseline?: ActionEntries;
  /** Other actions' committed bundles, each timed to its first request beside ours. */
  peers?: PeerBundle[];
  log?: (line: string) => void;
}

/** One bundle's figures: main's spawn → first request, and post with nothing to do: spawn → exit. */
interface BundleStarts {
  actionMs: number[];
  postIdleMs: number[];
}

export interface ColdStartResult {
  /** `node -e 0`: spawn → exit. */
  bareExitMs: number[];
  /** `node` running one fetch: spawn → the request's arrival. */
  bareFetchMs: number[];
  /** dist/index.js: spawn → its first request's arrival. */
  actionMs: number[];
  /** The same with a commit status, check run and deployment asked for: the GitHub chunk is loaded. */
  actionWithGitHubMs: number[];
  /** dist/post/index.js when main settled everything: spawn → exit. */
  postIdleMs: number[];
  baseline?: BundleStarts;
  /** Each peer's bundle: spawn → its first request's arrival. */
  peers: Array<{ peer: PeerBundle; ms: number[] }>;
  /** With peers: spawn → the first bytes at a bare listener, ours and then each peer's. */
  firstBytes: { actionMs: number[]; peers: Array<{ peer: PeerBundle; ms: number[] }> };
  dist: Array<{ path: string; bytes: number; gzipBytes: number }>;
}

const PIPELINE = hexId('62', 1);
const MISSING_PIPELINE = hexId('62', 999);

export async function measureColdStart(
  entries: ActionEntries,
  options: ColdStartOptions,
): Promise<ColdStartResult> {
  const emulator = await startEmulator({ world: benchWorld([{ id: PIPELINE, name: 'build' }]), speed: 1 });
  const result: ColdStartResult = {
    bareExitMs: [],
    bareFetchMs: [],
    actionMs: [],
    actionWithGitHubMs: [],
    postIdleMs: [],
    ...(options.baseline ? { baseline: { actionMs: [], postIdleMs: [] } } : {}),
    peers: (options.peers ?? []).map((peer) => ({ peer, ms: [] })),
    firstBytes: { actionMs: [], peers: (options.peers ?? []).map((peer) => ({ peer, ms: [] })) },
    dist: [],
  };
  const listener = result.peers.length > 0 ? await FirstBytes.open() : undefined;
  try {
    // Interleaved, so that a busy moment of the machine touches all of them alike.
    for (let index = 0; index < options.repeats; index++) {
      result.bareExitMs.push(await bareExit());
      result.bareFetchMs.push(await bareFetch(emulator.url, emulator.control, index));
      result.actionMs.push(await actionFirstRequest(entries.main, emulator.url, emulator.control));
      result.actionWithGitHubMs.push(
        await actionFirstRequest(entries.main, emulator.url, emulator.control, GITHUB_REPORTS),
      );
      result.postIdleMs.push(await postWithNothingToDo(entries.post, emulator.url));
      if (options.baseline && result.baseline) {
        const { main, post } = options.baseline;
        result.baseline.actionMs.push(await actionFirstRequest(main, emulator.url, emulator.control));
        result.baseline.postIdleMs.push(await postWithNothingToDo(post, emulator.url));
      }
      for (const { peer, ms } of result.peers)
        ms.push(await peerFirstRequest(peer, emulator.url, emulator.control));
      if (listener) await firstBytesOf(listener, entries.main, result.firstBytes);
    }
    options.log?.(`  ${options.repeats} starts of each`);
  } finally {
    await emulator.close();
    await listener?.close();
  }
  result.dist = distFiles(entries.dir).map((file) => ({
    ...file,
    gzipBytes: gzipSync(readFileSync(join(entries.dir, file.path.replace(/^dist\//, '')))).length,
  }));
  return result;
}

/** Ours, then each peer, to the first bytes at a listener that answers nothing. */
async function firstBytesOf(
  listener: FirstBytes,
  main: string,
  into: ColdStartResult['firstBytes'],
): Promise<void> {
  into.actionMs.push(
    await listener.time('dist/index.js', (url, files) =>
      launch({
        entry: main,
        files,
        inputs: { 'base-url': url, token: BENCH_TOKEN, 'pipeline-id': MISSING_PIPELINE },
      }),
    ),
  );
  for (const { peer, ms } of into.peers) {
    ms.push(await listener.time(peer.name, (url, files) => launchPeer(peer, url, files)));
  }
}

function spawnAndWait(args: string[]): Promise<{ spawnedAt: number; exitedAt: number }> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve({ spawnedAt, exitedAt: Date.now() }));
  });
}

async function bareExit(): Promise<number> {
  const { spawnedAt, exitedAt } = await spawnAndWait(['-e', '0']);
  return exitedAt - spawnedAt;
}

async function bareFetch(url: string, control: EmulatorControl, index: number): Promise<number> {
  const path = `/api/v3/cold-start-probe-${index}`;
  const { spawnedAt } = await spawnAndWait([
    '--input-type=module',
    '-e',
    `await fetch(${JSON.stringify(url + path)}).then((response) => response.arrayBuffer())`,
  ]);
  const arrival = control.requests().find((entry) => entry.path === path);
  if (!arrival) throw new Error('the bare fetch never reached the emulator');
  return arrival.at - spawnedAt;
}

/** Every GitHub report asked for; nothing reaches GitHub, since nothing is triggered. */
const GITHUB_REPORTS = {
  inputs: {
    'github-token': 'bench-github-token',
    'commit-status': 'ci/bench',
    'check-run': 'bench',
    'deployment-environment': 'bench',
  },
  env: {
    GITHUB_REPOSITORY: 'bench/repo',
    GITHUB_SHA: 'b'.repeat(40),
    GITHUB_EVENT_NAME: 'push',
    GITHUB_API_URL: 'http://127.0.0.1:9',
  },
};

/** The action asks for a pipeline that does not exist: its first request is the measurement, then it stops. */
async function actionFirstRequest(
  main: string,
  url: string,
  control: EmulatorControl,
  github?: typeof GITHUB_REPORTS,
): Promise<number> {
  control.clearRequests();
  const files = makeStepFiles();
  try {
    const action = launch({
      entry: main,
      files,
      inputs: { 'base-url': url, token: BENCH_TOKEN, 'pipeline-id': MISSING_PIPELINE, ...github?.inputs },
      ...(github ? { env: github.env } : {}),
    });
    await action.exited;
    const first = control.requests().find((entry) => entry.at >= action.spawnedAt);
    if (!first) throw new Error(`the action sent no request:\n${action.stdout()}`);
    return first.at - action.spawnedAt;
  } finally {
    files.dispose();
  }
}

/** The post entry after a main step that settled its run and left no report open: spawn → exit. */
async function postWithNothingToDo(post: string, url: string): Promise<number> {
  const files = makeStepFiles();
  try {
    const action = launch({
      entry: post,
      files,
      inputs: { 'base-url': url, token: BENCH_TOKEN, 'pipeline-id': PIPELINE },
      state: { kind: 'run', id: hexId('63', 1), settled: 'true' },
    });
    const exit = await action.exited;
    if (exit.code !== 0) throw new Error(`the post entry failed:\n${exit.stdout}${exit.stderr}`);
    return exit.exitedAt - exit.spawnedAt;
  } finally {
    files.dispose();
  }
}

export function coldStartMarkdown(result: ColdStartResult): string {
  const row = (label: string, values: number[], reference: number) => [
    label,
    String(values.length),
    ms(median(values)),
    ms(percentile(values, 95)),
    ratio(median(values) / reference),
  ];
  const reference = median(result.bareExitMs);
  const times = table(
    ['process', 'starts', 'median', 'p95', 'median ÷ `node -e 0`'],
    [
      row('`node -e 0`: spawn → exit', result.bareExitMs, reference),
      row('`node` with one `fetch`: spawn → request arrives', result.bareFetchMs, reference),
      row('`dist/index.js`: spawn → first request arrives', result.actionMs, reference),
      row(
        '`dist/index.js` with the three GitHub reports: spawn → first request arrives',
        result.actionWithGitHubMs,
        reference,
      ),
      row('`dist/post/index.js` with nothing to do: spawn → exit', result.postIdleMs, reference),
    ],
  );
  const goals = [
    goalLine('`dist/index.js` to its first request', median(result.actionMs) / reference, 3),
    goalLine('`dist/post/index.js` with nothing to do', median(result.postIdleMs) / reference, 2),
  ].join('\n');
  const total = result.dist.reduce((sum, file) => sum + file.bytes, 0);
  const totalGzip = result.dist.reduce((sum, file) => sum + file.gzipBytes, 0);
  const sizes = table(
    ['file', 'bytes', 'size', 'gzip'],
    [
      ...result.dist.map((file) => [
        `\`${file.path}\``,
        String(file.bytes),
        bytes(file.bytes),
        bytes(file.gzipBytes),
      ]),
      ['total', String(total), bytes(total), bytes(totalGzip)],
    ],
  );
  const before = result.baseline ? ['', beforeAfterMarkdown(result, result.baseline, reference)] : [];
  const peers = result.peers.length > 0 ? ['', peersMarkdown(result, reference)] : [];
  return [times, '', goals, ...before, ...peers, '', sizes].join('\n');
}

function peersMarkdown(result: ColdStartResult, reference: number): string {
  const row = (label: string, values: number[]) => [
    label,
    String(values.length),
    ms(median(values)),
    ms(percentile(values, 95)),
    ratio(median(values) / reference),
  ];
  const fastest = Math.min(...result.peers.map(({ ms: values }) => median(values)));
  const ours = median(result.actionMs);
  return [
    "Beside the peers' committed bundles (fetched, not committed), started in turn with the rest, each pointed at the emulator:",
    '',
    table(
      ['spawn → first request arrives', 'starts', 'median', 'p95', 'median ÷ `node -e 0`'],
      [
        row('`dist/index.js`', result.actionMs),
        ...result.peers.map(({ peer, ms: values }) => row(`${peer.repository}'s \`dist/index.js\``, values)),
      ],
    ),
    '',
    verdict(ours, fastest, reference),
    '',
    'The same processes in the same turns, each pointed at a bare TCP listener that answers nothing:',
    '',
    table(
      ['spawn → first bytes of the first request', 'starts', 'median', 'p95', 'median ÷ `node -e 0`'],
      [
        row('`dist/index.js`', result.firstBytes.actionMs),
        ...result.firstBytes.peers.map(({ peer, ms: values }) =>
          row(`${peer.repository}'s \`dist/index.js\``, values),
        ),
      ],
    ),
    '',
    verdict(
      median(result.firstBytes.actionMs),
      Math.min(...result.firstBytes.peers.map(({ ms: values }) => median(values))),
      reference,
    ),
  ].join('\n');
}

function verdict(ours: number, fastest: number, reference: number): string {
  const below = ours < fastest ? 'below' : 'not below';
  return `- \`dist/index.js\` against the fastest peer: ${ratio(ours / reference)} against ${ratio(fastest / reference)}: ${below}.`;
}

function goalLine(what: string, measured: number, goal: number): string {
  const verdict = measured <= goal ? 'met' : 'missed';
  return `- ${what}: ${ratio(measured)} of \`node -e 0\` (goal at most ${ratio(goal)}): ${verdict}.`;
}

function beforeAfterMarkdown(result: ColdStartResult, baseline: BundleStarts, reference: number): string {
  const cell = (values: number[]) => `${ms(median(values))} (${ratio(median(values) / reference)})`;
  return [
    'Before (the baseline bundle) and after (this one), started in turn within the same run:',
    '',
    table(
      ['median (÷ `node -e 0`)', 'before', 'after'],
      [
        ['`dist/index.js`: spawn → first request arrives', cell(baseline.actionMs), cell(result.actionMs)],
        [
          '`dist/post/index.js` with nothing to do: spawn → exit',
          cell(baseline.postIdleMs),
          cell(result.postIdleMs),
        ],
      ],
    ),
  ].join('\n');
}
