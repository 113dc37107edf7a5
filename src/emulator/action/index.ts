// The main entry of the emulator sub-action, and, started by it with SERVE_ROLE, the emulator's own
// process: one bundle, so that the action needs no other file to serve.
import { runMain } from './main.ts';
import { insideRunner, OUTSIDE_RUNNER_MESSAGE } from './outside-runner.ts';
import { SERVE_ROLE, serveInBackground } from './serve-role.ts';

if (process.argv[2] === SERVE_ROLE) await serveInBackground(process.argv.slice(3));
else if (!insideRunner(process.env)) {
  console.error(OUTSIDE_RUNNER_MESSAGE);
  process.exitCode = 2;
} else await runMain(process.argv[1]!);
