// Artifacts, extraction: a 200 MB archive of 20 files of 10 MB served from 127.0.0.1, downloaded and
// extracted by `storeArchive` (in a child process of its own, fed by undici's `request` body as the client reads it), against
// `curl | tar -xz` of the same file; and the child's peak RSS against the same download of a 1 MB archive,
// which shows whether the archive is streamed or buffered. Run by hand: `node bench/artifacts-extract.ts`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytes, ms, ratio } from './support/format.ts';
import { median } from './support/stats.ts';

const SELF = fileURLToPath(import.meta.url);
const ROUNDS = 3;

/** In the child: one download and extraction, then its figures as one JSON line. */
async function child(url: string, root: string, drainOnly: boolean): Promise<void> {
  const { storeArchive } = await import('../src/artifacts/index.ts');
  const started = performance.now();
  const { request } = await import('undici');
  const response = await request(url);
  // The download alone, read and thrown away: what the socket costs without any extraction.
  if (drainOnly) for await (const _ of response.body) void _;
  const result = drainOnly
    ? { status: 'stored', files: 0, bytes: 0 }
    : await storeArchive(response.body, { root, folder: '1-build', maxBytes: 10 * 1024 ** 3 });
  const wallMs = performance.now() - started;
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  console.log(
    JSON.stringify({ status: result.status, files: result.files, bytes: result.bytes, wallMs, peakRssBytes }),
  );
}

/** A folder of `count` files of `size` bytes of base64 text (about 4:3 under gzip), packed as `.tar.gz`. */
function makeArchive(dir: string, name: string, count: number, size: number): string {
  const source = join(dir, `${name}-files`);
  mkdirSync(source);
  for (let i = 0; i < count; i++) {
    writeFileSync(
      join(source, `file-${i}.bin`),
      randomBytes(Math.ceil((size * 3) / 4))
        .toString('base64')
        .slice(0, size),
    );
  }
  const archive = join(dir, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', source, '.']);
  rmSync(source, { recursive: true });
  return archive;
}

function serve(files: Record<string, string>): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (file === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ server, base: `http://127.0.0.1:${port}` });
    }),
  );
}

function run(command: string, args: string[]): Promise<{ wallMs: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const process_ = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    process_.on('error', reject);
    process_.on('close', (code) =>
      code === 0
        ? resolve({ wallMs: performance.now() - started, stdout })
        : reject(new Error(`${command}: ${code}`)),
    );
  });
}

interface Figures {
  wallMs: number;
  peakRssBytes: number;
}

async function ours(url: string, work: string, drainOnly = false): Promise<Figures> {
  const root = mkdtempSync(join(work, 'ours-'));
  const { stdout } = await run(process.execPath, [SELF, drainOnly ? '--drain' : '--child', url, root]);
  rmSync(root, { recursive: true });
  const figures = JSON.parse(stdout) as Figures & { status: string };
  if (figures.status !== 'stored') throw new Error(`not stored: ${figures.status}`);
  return figures;
}

async function curlTar(url: string, work: string): Promise<number> {
  const root = mkdtempSync(join(work, 'curl-'));
  const { wallMs } = await run('sh', ['-c', `curl -sf "$0" | tar -xz -C "$1"`, url, root]);
  rmSync(root, { recursive: true });
  return wallMs;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'ci-run-bench-artifacts-'));
  try {
    const big = makeArchive(work, 'big', 20, 10 * 1000 * 1000);
    const small = makeArchive(work, 'small', 1, 1000 * 1000);
    const { server, base } = await serve({ '/big.tar.gz': big, '/small.tar.gz': small });
    const rows: Array<{ ours: Figures; curlMs: number; small: Figures; drained: Figures }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      rows.push({
        ours: await ours(`${base}/big.tar.gz`, work),
        curlMs: await curlTar(`${base}/big.tar.gz`, work),
        small: await ours(`${base}/small.tar.gz`, work),
        drained: await ours(`${base}/big.tar.gz`, work, true),
      });
    }
    server.close();
    const oursMs = median(rows.map((row) => row.ours.wallMs));
    const curlMs = median(rows.map((row) => row.curlMs));
    const bigRss = median(rows.map((row) => row.ours.peakRssBytes));
    const smallRss = median(rows.map((row) => row.small.peakRssBytes));
    const drainedRss = median(rows.map((row) => row.drained.peakRssBytes));
    const size = statSync(big).size;
    console.log(`archive: ${bytes(size)} (20 files of 10 MB), ${ROUNDS} rounds, medians`);
    console.log(`storeArchive: ${ms(oursMs)} (${bytes((size / oursMs) * 1000)}/s)`);
    console.log(`curl | tar -xz: ${ms(curlMs)} (${bytes((size / curlMs) * 1000)}/s)`);
    console.log(`throughput, ours against curl | tar: ${ratio(curlMs / oursMs)} (goal: at least 0.80×)`);
    console.log(
      `peak RSS: ${bytes(bigRss)} for 200 MB, ${bytes(smallRss)} for 1 MB: ${ratio(bigRss / smallRss)} (goal: at most 1.20×)`,
    );
    console.log(
      `peak RSS of the same 200 MB download read and thrown away, no extraction: ${bytes(drainedRss)}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const role = process.argv[2];
if (role === '--child' || role === '--drain')
  await child(process.argv[3] ?? '', process.argv[4] ?? '', role === '--drain');
else await main();
