// Where a cold start goes: each dependency imported alone, unbundled, in a fresh `node`, against
// `node -e 0` in the same run; the difference is what evaluating that part costs. The bundle's own
// share is the remainder of its spawn → first request beyond what these and Node itself take.
import { spawn } from 'node:child_process';
import { ms } from './support/format.ts';
import { ROOT } from './support/dist.ts';
import { table } from './support/markdown.ts';
import { median } from './support/stats.ts';

interface Part {
  label: string;
  /** ESM specifiers imported, in order, from the repository's root. */
  imports: string[];
}

const PARTS: Part[] = [
  { label: '`undici`, the whole package (its index)', imports: ['undici'] },
  {
    label: "undici's client parts the API client takes (`src/api/undici.ts`)",
    imports: [
      'undici/lib/api/index.js',
      'undici/lib/dispatcher/agent.js',
      'undici/lib/dispatcher/dispatcher.js',
      'undici/lib/dispatcher/proxy-agent.js',
      'undici/lib/core/connect.js',
    ],
  },
  { label: '`@actions/core` (with its HTTP client and undici)', imports: ['@actions/core'] },
  { label: '`@actions/github` (Octokit, with undici)', imports: ['@actions/github'] },
];

interface BreakdownRow {
  label: string;
  ms: number[];
}

export interface Breakdown {
  bareExitMs: number[];
  parts: BreakdownRow[];
}

function spawnToExit(args: string[]): Promise<number> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(performance.now() - spawnedAt)
        : reject(new Error(`${args.join(' ')}: exit ${code}`)),
    );
  });
}

/** Interleaved, so that a busy moment of the machine touches every part alike. */
export async function measureBreakdown(repeats: number): Promise<Breakdown> {
  const result: Breakdown = { bareExitMs: [], parts: PARTS.map((part) => ({ label: part.label, ms: [] })) };
  for (let index = 0; index < repeats; index++) {
    result.bareExitMs.push(await spawnToExit(['-e', '0']));
    for (const [at, part] of PARTS.entries()) {
      const code = part.imports.map((name) => `await import(${JSON.stringify(name)});`).join('');
      result.parts[at]!.ms.push(await spawnToExit(['--input-type=module', '-e', code]));
    }
  }
  return result;
}

export function breakdownMarkdown(breakdown: Breakdown): string {
  const bare = median(breakdown.bareExitMs);
  return table(
    ['imported alone, unbundled', 'starts', 'spawn → exit, median', 'beyond `node -e 0`'],
    [
      ['nothing (`node -e 0`)', String(breakdown.bareExitMs.length), ms(bare), '–'],
      ...breakdown.parts.map((part) => [
        part.label,
        String(part.ms.length),
        ms(median(part.ms)),
        ms(median(part.ms) - bare),
      ]),
    ],
  );
}
