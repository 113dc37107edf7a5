// Test reports, the parser alone: a JUnit report of 50 MiB holding 100,000 test cases (one in ten failed,
// with a stack trace; each with some output), read from disk in 64 KiB chunks by the report reader, in a
// child process of its own: its time and peak RSS, against the same file read and thrown away, and against
// a report of 100 cases. Run by hand: `node bench/test-reports.ts`. The action's own figures are section 8
// of `npm run bench` (bench/test-reports-action.ts).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytes, ms, ratio } from './support/format.ts';
import { writeReport } from './support/junit-report.ts';
import { median } from './support/stats.ts';

const SELF = fileURLToPath(import.meta.url);
const ROUNDS = 3;
const MiB = 1024 * 1024;

/** In the child: one report read (or only drained), then its figures as one JSON line. */
async function child(file: string, drainOnly: boolean): Promise<void> {
  const { CaseBudget, createReportReader } = await import('../src/test-reports/index.ts');
  const { countTests } = await import('../src/core/test-results.ts');
  const started = performance.now();
  const reader = createReportReader('reports/junit.xml', { cases: new CaseBudget() });
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
    if (!drainOnly) reader.data(chunk as Buffer);
  }
  if (!drainOnly) reader.end();
  const report = drainOnly ? undefined : reader.result();
  const wallMs = performance.now() - started;
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  const counts = report === undefined ? undefined : countTests(report.cases);
  console.log(JSON.stringify({ wallMs, peakRssBytes, counts, warning: report?.warning }));
}

interface Figures {
  wallMs: number;
  peakRssBytes: number;
  counts?: { total: number; failed: number };
  warning?: string;
}

function run(file: string, drainOnly: boolean): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [SELF, drainOnly ? '--drain' : '--child', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    process_.on('error', reject);
    process_.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(stdout) as Figures) : reject(new Error(`child: ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'ci-run-bench-reports-'));
  try {
    const big = join(work, 'big.xml');
    const small = join(work, 'small.xml');
    writeReport(big, 100_000, 50 * MiB - 64 * 1024);
    writeReport(small, 100, 100 * 1024);
    const rows: Array<{ big: Figures; small: Figures; drained: Figures }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      rows.push({
        big: await run(big, false),
        small: await run(small, false),
        drained: await run(big, true),
      });
    }
    const read = rows[0]!.big;
    if (read.warning !== undefined || read.counts?.total !== 100_000) {
      throw new Error(`the report was not read whole: ${JSON.stringify(read)}`);
    }
    const size = statSync(big).size;
    const bigMs = median(rows.map((row) => row.big.wallMs));
    const bigRss = median(rows.map((row) => row.big.peakRssBytes));
    const smallRss = median(rows.map((row) => row.small.peakRssBytes));
    const drainedRss = median(rows.map((row) => row.drained.peakRssBytes));
    console.log(
      `report: ${bytes(size)}, ${read.counts.total} test cases (${read.counts.failed} failed), ${ROUNDS} rounds, medians`,
    );
    console.log(`read: ${ms(bigMs)} (${bytes((size / bigMs) * 1000)}/s)`);
    console.log(
      `peak RSS: ${bytes(bigRss)}; a report of 100 cases: ${bytes(smallRss)} (${ratio(bigRss / smallRss)})`,
    );
    console.log(
      `peak RSS of the same file read and thrown away: ${bytes(drainedRss)} (${ratio(bigRss / drainedRss)})`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === '--child' || mode === '--drain') await child(process.argv[3]!, mode === '--drain');
else await main();
