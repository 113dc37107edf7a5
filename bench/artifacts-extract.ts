// Artifacts, extraction: a 200 MB archive of 20 files of 10 MB served from 127.0.0.1, downloaded and
// extracted by `storeArchive` (in a child process of its own, fed by undici's `request` body as the client
// reads it), against `curl | tar -xz` of the same file; the child's peak RSS against the same download of a
// 1 MB archive, which shows whether the archive is streamed or buffered, and against the 200 MB read and
// thrown away; then, without a goal, an archive of 100,000 small files. Part of `npm run bench`
// (`--only artifacts`); alone: `node bench/artifacts-extract.ts [--quick]`.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytes, ms, ratio } from './support/format.ts';
import { table } from './support/markdown.ts';
import { median } from './support/stats.ts';

const SELF = fileURLToPath(import.meta.url);

export interface ArtifactsOptions {
  rounds: number;
  /** The big archive: this many files of this many bytes. */
  bigFiles: number;
  bigFileBytes: number;
  /** The archive the peak RSS is compared with: one file of this many bytes. */
  smallBytes: number;
  /** The archive of many small files: this many, of this many bytes each. */
  manyFiles: number;
  manyFileBytes: number;
}

export const FULL_ARTIFACTS: ArtifactsOptions = {
  rounds: 3,
  bigFiles: 20,
  bigFileBytes: 10_000_000,
  smallBytes: 1_000_000,
  manyFiles: 100_000,
  manyFileBytes: 200,
};

export const QUICK_ARTIFACTS: ArtifactsOptions = {
  rounds: 1,
  bigFiles: 2,
  bigFileBytes: 1_000_000,
  smallBytes: 100_000,
  manyFiles: 1000,
  manyFileBytes: 200,
};

interface Figures {
  wallMs: number;
  peakRssBytes: number;
  files: number;
}

export interface ArtifactsResult {
  options: ArtifactsOptions;
  bigSize: number;
  manySize: number;
  ours: Figures;
  curlMs: number;
  small: Figures;
  drained: Figures;
  many: Figures;
  manyCurlMs: number;
}

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

/** `count` files of `size` bytes of base64 text (about 4:3 under gzip), packed as `.tar.gz`: files only. */
function makeArchive(dir: string, name: string, count: number, size: number): string {
  const source = join(dir, `${name}-files`);
  mkdirSync(source);
  const names: string[] = [];
  // At most 1,000 files a folder; the folders are not entries of the archive, so that 100,000 files
  // are exactly the 100,000 entries the extraction allows.
  for (let i = 0; i < count; i++) {
    const folder = count > 1000 ? `d${Math.floor(i / 1000)}` : '';
    if (folder !== '' && i % 1000 === 0) mkdirSync(join(source, folder));
    const path = folder === '' ? `file-${i}.bin` : `${folder}/file-${i}.bin`;
    writeFileSync(
      join(source, path),
      randomBytes(Math.ceil((size * 3) / 4))
        .toString('base64')
        .slice(0, size),
    );
    names.push(path);
  }
  const list = join(dir, `${name}.list`);
  writeFileSync(list, `${names.join('\n')}\n`);
  const archive = join(dir, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', archive, '-C', source, '--no-recursion', '-T', list]);
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

const medianOf = (rows: readonly Figures[]): Figures => ({
  wallMs: median(rows.map((row) => row.wallMs)),
  peakRssBytes: median(rows.map((row) => row.peakRssBytes)),
  files: median(rows.map((row) => row.files)),
});

export async function measureArtifacts(
  options: ArtifactsOptions,
  log: (line: string) => void = () => undefined,
): Promise<ArtifactsResult> {
  const work = mkdtempSync(join(tmpdir(), 'ci-run-bench-artifacts-'));
  try {
    log('Artifacts: making the archives…');
    const big = makeArchive(work, 'big', options.bigFiles, options.bigFileBytes);
    const small = makeArchive(work, 'small', 1, options.smallBytes);
    const many = makeArchive(work, 'many', options.manyFiles, options.manyFileBytes);
    const { server, base } = await serve({
      '/big.tar.gz': big,
      '/small.tar.gz': small,
      '/many.tar.gz': many,
    });
    try {
      const rows: Array<{ ours: Figures; curlMs: number; small: Figures; drained: Figures }> = [];
      for (let round = 0; round < options.rounds; round++) {
        log(`Artifacts: round ${round + 1} of ${options.rounds}…`);
        rows.push({
          ours: await ours(`${base}/big.tar.gz`, work),
          curlMs: await curlTar(`${base}/big.tar.gz`, work),
          small: await ours(`${base}/small.tar.gz`, work),
          drained: await ours(`${base}/big.tar.gz`, work, true),
        });
      }
      log('Artifacts: many small files…');
      const manyFigures = await ours(`${base}/many.tar.gz`, work);
      const manyCurlMs = await curlTar(`${base}/many.tar.gz`, work);
      return {
        options,
        bigSize: statSync(big).size,
        manySize: statSync(many).size,
        ours: medianOf(rows.map((row) => row.ours)),
        curlMs: median(rows.map((row) => row.curlMs)),
        small: medianOf(rows.map((row) => row.small)),
        drained: medianOf(rows.map((row) => row.drained)),
        many: manyFigures,
        manyCurlMs,
      };
    } finally {
      server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function artifactsMarkdown(result: ArtifactsResult): string {
  const { options, ours: big, small, drained, many } = result;
  const speed = (size: number, wallMs: number) => `${bytes((size / wallMs) * 1000)}/s`;
  const throughput = result.curlMs / big.wallMs;
  const rss = big.peakRssBytes / small.peakRssBytes;
  const bigLabel = `${options.bigFiles} files of ${options.bigFileBytes / 1e6} MB (${bytes(result.bigSize)} gzipped)`;
  const manyLabel = `${options.manyFiles.toLocaleString('en-US')} files of ${options.manyFileBytes} B (${bytes(result.manySize)} gzipped)`;
  return [
    table(
      ['archive, downloaded and extracted', '`storeArchive`', '`curl | tar -xz`', 'ours ÷ curl (speed)'],
      [
        [
          bigLabel,
          `${ms(big.wallMs)} (${speed(result.bigSize, big.wallMs)})`,
          `${ms(result.curlMs)} (${speed(result.bigSize, result.curlMs)})`,
          ratio(throughput),
        ],
        [
          manyLabel,
          `${ms(many.wallMs)} (${many.files.toLocaleString('en-US')} files)`,
          ms(result.manyCurlMs),
          ratio(result.manyCurlMs / many.wallMs),
        ],
      ],
    ),
    '',
    table(
      ['peak RSS of the child process', 'peak RSS', `÷ ${options.smallBytes / 1e6} MB archive`],
      [
        [`one file of ${options.smallBytes / 1e6} MB, extracted`, bytes(small.peakRssBytes), ratio(1)],
        [`${bigLabel}, extracted`, bytes(big.peakRssBytes), ratio(rss)],
        [
          `the same, read and thrown away`,
          bytes(drained.peakRssBytes),
          ratio(drained.peakRssBytes / small.peakRssBytes),
        ],
        [manyLabel, bytes(many.peakRssBytes), ratio(many.peakRssBytes / small.peakRssBytes)],
      ],
    ),
    '',
    `Medians of ${options.rounds} round${options.rounds === 1 ? '' : 's'} (the many small files: one).`,
    '',
    `- Throughput: ${ratio(throughput)} of \`curl | tar -xz\` (goal at least 0.80×): ${throughput >= 0.8 ? 'met' : 'missed'}.`,
    `- Peak RSS: ${ratio(rss)} of the ${options.smallBytes / 1e6} MB download (goal at most 1.20×): ${rss <= 1.2 ? 'met' : 'missed'}.`,
  ].join('\n');
}

const role = process.argv[2];
if (role === '--child' || role === '--drain') {
  await child(process.argv[3] ?? '', process.argv[4] ?? '', role === '--drain');
} else if (process.argv[1] === SELF) {
  const result = await measureArtifacts(role === '--quick' ? QUICK_ARTIFACTS : FULL_ARTIFACTS, (line) =>
    console.error(line),
  );
  console.log(artifactsMarkdown(result));
}
