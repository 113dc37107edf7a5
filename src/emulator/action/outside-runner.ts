// The sub-action's entry is found in dist/ by people looking for the emulator; run by hand, it would
// start a detached emulator that outlives the shell. Outside a runner it refuses, and says what to run.

/** Whether this process is a step of a GitHub Actions job: the runner sets both. */
export function insideRunner(env: NodeJS.ProcessEnv): boolean {
  return env.GITHUB_ACTIONS === 'true' && (env.GITHUB_STATE ?? '') !== '';
}

export const OUTSIDE_RUNNER_MESSAGE =
  'This is the entry of the emulator sub-action (emulator/action.yml), meant to run as a step of a ' +
  'GitHub Actions job, and it starts nothing outside one. To serve the emulator on this machine, run ' +
  '`ci-run emulator` (`npx ci-run emulator --help` lists its options), or `npm run emulator` in a clone.';
