// Prints the polling simulation's tables: node bench/polling/run.ts [--seed N] [--runs N]
import { buildReport } from './report.ts';

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  const inline = args.find((arg) => arg.startsWith(`--${name}=`));
  const raw = inline ? inline.slice(name.length + 3) : index >= 0 ? args[index + 1] : undefined;
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive integer, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return value;
}

const seed = option('seed', 1);
const runs = option('runs', 1000);
console.log(`## Polling: finish detection vs request cost\n`);
console.log(buildReport(seed, runs).markdown);
