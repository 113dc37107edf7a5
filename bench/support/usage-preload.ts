// Loaded with `node --import` in front of an entry under measurement: on exit, however it exits, the
// process writes its own resource usage (peak RSS, CPU time) to BENCH_USAGE_FILE.
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    writeFileSync(target, JSON.stringify(process.resourceUsage()));
  });
}
