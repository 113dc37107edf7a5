// The peers' committed bundles, started beside ours in the cold-start bench by the same methods: each is
// pointed, through its own setting for its API's address, at the emulator (timed from spawn to the
// arrival of its first request) and at a bare TCP listener that answers nothing (timed from spawn to the
// first bytes of its first request, with neither the emulator's parsing nor the bench's own work in the
// way), and stopped then.
// The bundles are fetched from the peers' repositories and never committed: `--peers DIR` names a
// directory holding `<name>/index.js` for the peers below, each its repository's `dist/index.js`.
import { createServer, type Server, type Socket } from 'node:net';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { EmulatorControl } from '../src/emulator/index.ts';
import { launch, makeStepFiles, type Launched, type StepFiles } from './support/action.ts';

interface PeerSetup {
  repository: string;
  /** The inputs and environment that send its first request to `apiUrl`. */
  step(apiUrl: string): { inputs: Record<string, string>; env: Record<string, string> };
}

const GITHUB_RUN = { GITHUB_REPOSITORY: 'bench/repo', GITHUB_SHA: 'b'.repeat(40), GITHUB_EVENT_NAME: 'push' };

/** Peers that trigger and follow remote work, as docs/benchmarks.md names them. */
const SETUPS: Record<string, PeerSetup> = {
  'workflow-dispatch': {
    repository: 'benc-uk/workflow-dispatch',
    // Octokit's base URL is GITHUB_API_URL; its first request lists the repository's workflows.
    step: (apiUrl) => ({
      inputs: { workflow: 'bench.yml', token: 'bench-token', ref: 'main' },
      env: { ...GITHUB_RUN, GITHUB_API_URL: apiUrl, GITHUB_REF: 'refs/heads/main' },
    }),
  },
  'aws-codebuild-run-build': {
    repository: 'aws-actions/aws-codebuild-run-build',
    // The AWS SDK's endpoint for every service is AWS_ENDPOINT_URL; its first request starts the build.
    step: (apiUrl) => ({
      inputs: { 'project-name': 'bench' },
      env: {
        ...GITHUB_RUN,
        AWS_ENDPOINT_URL: apiUrl,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'bench',
        AWS_SECRET_ACCESS_KEY: 'bench',
      },
    }),
  },
};

export interface PeerBundle {
  name: string;
  repository: string;
  entry: string;
}

export interface PeerBundles {
  peers: PeerBundle[];
  dispose(): void;
}

/**
 * The peers found under `dir`, each copied beside a `package.json` of its own (their bundles are
 * CommonJS, as in their repositories), so that where `dir` is does not change how Node loads them.
 */
export function readPeers(dir: string): PeerBundles {
  const copies = mkdtempSync(join(tmpdir(), 'ci-run-bench-peers-'));
  const peers = Object.entries(SETUPS).flatMap(([name, { repository }]) => {
    const source = join(dir, name, 'index.js');
    if (!existsSync(source)) return [];
    const folder = join(copies, name);
    mkdirSync(folder);
    copyFileSync(source, join(folder, 'index.js'));
    writeFileSync(join(folder, 'package.json'), '{"type":"commonjs"}\n');
    return [{ name, repository, entry: join(folder, 'index.js') }];
  });
  if (peers.length === 0) {
    rmSync(copies, { recursive: true, force: true });
    throw new Error(`no peer bundle under ${dir}: expected ${Object.keys(SETUPS).join(' or ')}/index.js`);
  }
  return { peers, dispose: () => rmSync(copies, { recursive: true, force: true }) };
}

/** Starts a peer with its first request sent to `apiUrl`. */
export function launchPeer(peer: PeerBundle, apiUrl: string, files: StepFiles): Launched {
  const { inputs, env } = SETUPS[peer.name]!.step(apiUrl);
  return launch({ entry: peer.entry, files, inputs, env, foreign: true });
}

/** Spawn → the arrival of the peer's first request at the emulator; the peer is then stopped. */
export async function peerFirstRequest(
  peer: PeerBundle,
  url: string,
  control: EmulatorControl,
): Promise<number> {
  control.clearRequests();
  const files = makeStepFiles();
  try {
    const started = launchPeer(peer, `${url}/api/v3/peer-${peer.name}`, files);
    const arrived = () => control.requests().find((entry) => entry.at >= started.spawnedAt);
    while (arrived() === undefined && started.running()) await delay(2);
    const first = arrived();
    started.child.kill('SIGKILL');
    const exit = await started.exited;
    if (!first) throw new Error(`${peer.name} sent no request:\n${exit.stdout}${exit.stderr}`);
    return first.at - started.spawnedAt;
  } finally {
    files.dispose();
  }
}

/** A TCP listener that answers nothing: it notes when the first bytes of a process's first request come. */
export class FirstBytes {
  readonly url: string;
  readonly #server: Server;
  #arrival: number | undefined;

  private constructor(server: Server) {
    this.#server = server;
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the listener has no port');
    this.url = `http://127.0.0.1:${address.port}`;
    server.on('connection', (socket: Socket) => {
      socket.once('data', () => {
        this.#arrival ??= Date.now();
        socket.destroy();
      });
      socket.on('error', () => undefined);
    });
  }

  static async open(): Promise<FirstBytes> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new FirstBytes(server);
  }

  /** Spawn → the first bytes from `start(url)`'s process; the process is then stopped. */
  async time(name: string, start: (url: string, files: StepFiles) => Launched): Promise<number> {
    this.#arrival = undefined;
    const files = makeStepFiles();
    try {
      const started = start(this.url, files);
      while (this.#arrival === undefined && started.running()) await delay(1);
      const arrival = this.#arrival;
      started.child.kill('SIGKILL');
      const exit = await started.exited;
      if (arrival === undefined) throw new Error(`${name} sent nothing:\n${exit.stdout}${exit.stderr}`);
      return arrival - started.spawnedAt;
    } finally {
      files.dispose();
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
