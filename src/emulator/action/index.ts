// The main entry of the emulator sub-action, and, started by it with SERVE_ROLE, the emulator's own
// process: one bundle, so that the action needs no other file to serve.
import { runMain } from './main.ts';
import { SERVE_ROLE, serveInBackground } from './serve-role.ts';

if (process.argv[2] === SERVE_ROLE) await serveInBackground(process.argv.slice(3));
else await runMain(process.argv[1]!);
