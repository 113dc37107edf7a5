// The machine a run measured: figures only mean something next to it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  kernel: string;
  /** 1-minute load average when the description was taken. */
  load: number;
}

export function describeMachine(): Machine {
  return {
    cpuModel: cpuModel(),
    cores: os.availableParallelism(),
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    load: os.loadavg()[0] ?? Number.NaN,
  };
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match?.[1]) return match[1].trim();
  } catch {
    // Not Linux: fall back to what Node reports.
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function machineLine(machine: Machine): string {
  return (
    `${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB memory, ` +
    `Node ${machine.node}, ${machine.kernel}; 1-minute load average ${machine.load.toFixed(2)} at the start`
  );
}

/** First 12 hex digits of a file's SHA-256, to tie figures to the bundle they measured. */
export function fileDigest(path: string): string {
  if (!existsSync(path)) return 'missing';
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);
}
