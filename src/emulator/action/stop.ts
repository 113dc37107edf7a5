// Stops the emulator's process: SIGTERM, which closes the server and exits 0, then SIGKILL if it is
// still there after a bound.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export type StopResult = 'gone' | 'stopped' | 'killed' | 'still running';

/**
 * Whether the process exists and has not ended. A process that has ended but was not yet reaped (its
 * parent, the main step, is gone; not every container's init reaps) counts as ended.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // `pid (comm) S …`: the state follows the last parenthesis, since comm may hold any character.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}

async function waitGone(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (isRunning(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

export async function stopProcess(pid: number, graceMs = 5000, killWaitMs = 2000): Promise<StopResult> {
  if (!isRunning(pid)) return 'gone';
  if (!signal(pid, 'SIGTERM')) return 'gone';
  if (await waitGone(pid, graceMs)) return 'stopped';
  if (!signal(pid, 'SIGKILL')) return 'stopped';
  return (await waitGone(pid, killWaitMs)) ? 'killed' : 'still running';
}

/** False when the process was already gone. */
function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ESRCH') return false;
    throw error;
  }
}
