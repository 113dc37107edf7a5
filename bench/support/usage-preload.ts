// Loaded with `node --import` in front of an entry under measurement: on exit, however it exits, the
// process writes its own resource usage (peak RSS, CPU time) to BENCH_USAGE_FILE.
//
// The peak is the process's own address space's high-water mark (`VmHWM` of /proc/self/status), not
// `maxRSS`: Linux carries `ru_maxrss` over `execve`, and a child that Node spawns (with `vfork`) starts from
// its parent's address space, so `maxRSS` is never below the spawning process's RSS at that moment. A
// bench process holding a 50 MiB report would otherwise lift the figure of every child it starts after.
import { readFileSync, writeFileSync } from 'node:fs';

/** `VmHWM` in KiB, as `maxRSS` counts; undefined where /proc is not there. */
function ownPeakKiB(): number | undefined {
  try {
    const found = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return found ? Number(found[1]) : undefined;
  } catch {
    return undefined;
  }
}

const target = process.env.BENCH_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ ...usage, maxRSS: ownPeakKiB() ?? usage.maxRSS }));
  });
}
