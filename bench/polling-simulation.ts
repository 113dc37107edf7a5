// Benchmark 1, simulation: `node bench/polling/run.ts` as a child process (it owns the corpus and the
// tables); its markdown is taken as it is, headings moved one level down to nest under ours.
import { spawn } from 'node:child_process';
import { ROOT } from './support/dist.ts';

export interface SimulationOptions {
  seed: number;
  /** Corpus size. */
  runs: number;
}

export interface SimulationResult {
  command: string;
  ok: boolean;
  markdown: string;
}

const SIMULATION_TIMEOUT_MS = 600_000;

export async function runPollingSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const args = ['bench/polling/run.ts', '--seed', String(options.seed), '--runs', String(options.runs)];
  const command = `node ${args.join(' ')}`;
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), SIMULATION_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) =>
    child.on('close', (exitCode) => resolve(exitCode)),
  );
  clearTimeout(timer);
  if (code !== 0) {
    return {
      command,
      ok: false,
      markdown: `\`${command}\` failed (exit code ${code}):\n\n\`\`\`\n${(stderr || stdout).trim()}\n\`\`\``,
    };
  }
  const markdown = stdout
    .split('\n')
    .filter((line, index) => !(index === 0 && /^##\s/.test(line)))
    .map((line) => (/^#{2,5}\s/.test(line) ? `#${line}` : line))
    .join('\n')
    .trim();
  return { command, ok: true, markdown };
}
