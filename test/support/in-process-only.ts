// The fast project's one rule, held while its tests run: everything happens in this process. A test
// that starts a process (a bundle, the CLI, a browser, git) belongs to the slow project, so starting
// one here throws with the name to give the file. Node's builtin ESM bindings follow the CommonJS
// module's properties once synced, so `import { spawn } from 'node:child_process'` is guarded too.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

for (const name of STARTERS) {
  Object.defineProperty(childProcess, name, {
    configurable: true,
    writable: true,
    value: () => {
      throw new Error(
        `child_process.${name}() in an in-process test: a test that starts a process or a browser belongs to ` +
          'the slow project; name its file *.e2e.test.ts (or *.browser.test.ts)',
      );
    },
  });
}
syncBuiltinESMExports();
