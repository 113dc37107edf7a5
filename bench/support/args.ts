// Command-line flags shared by `bench/run.ts` and `bench/chaos/run.ts`.
import { parseArgs } from 'node:util';
import { UsageError } from './command.ts';

export interface CommonFlags {
  quick: boolean;
  writeDocs: boolean;
  seed: number;
  /** Names given with --only, split on commas; empty means all. */
  only: string[];
  /** Numeric flags other than --seed, by name, when given. */
  numbers: Map<string, number>;
  /** --bundle: a directory built by `node scripts/bundle.mjs --out <dir>`, used instead of dist/. */
  bundle?: string;
  /** --baseline: another bundle directory, measured beside it where a benchmark compares (cold start). */
  baseline?: string;
  /** --peers: a directory of other actions' committed bundles, `<name>/index.js` (bench/peers.ts). */
  peers?: string;
}

export function readFlags(argv: readonly string[], numberFlags: readonly string[] = []): CommonFlags {
  const options = {
    quick: { type: 'boolean' },
    'write-docs': { type: 'boolean' },
    seed: { type: 'string' },
    only: { type: 'string' },
    bundle: { type: 'string' },
    baseline: { type: 'string' },
    peers: { type: 'string' },
    help: { type: 'boolean' },
    ...Object.fromEntries(numberFlags.map((name) => [name, { type: 'string' }])),
  } as const;
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const record = values as Record<string, string | boolean | undefined>;
  const numbers = new Map<string, number>();
  for (const name of numberFlags) {
    const raw = record[name];
    if (typeof raw === 'string') numbers.set(name, wholeNumber(name, raw));
  }
  const seedText = record.seed;
  return {
    quick: record.quick === true,
    writeDocs: record['write-docs'] === true,
    seed: typeof seedText === 'string' ? wholeNumber('seed', seedText) : 1,
    only:
      typeof record.only === 'string'
        ? record.only
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : [],
    numbers,
    ...(typeof record.bundle === 'string' ? { bundle: record.bundle } : {}),
    ...(typeof record.baseline === 'string' ? { baseline: record.baseline } : {}),
    ...(typeof record.peers === 'string' ? { peers: record.peers } : {}),
  };
}

function wholeNumber(name: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) {
    throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(text)}`);
  }
  return value;
}

export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}
