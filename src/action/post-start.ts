// The post entry's first look, before anything heavy loads: when the main step settled its remote work
// and left no GitHub report open (the common case), there is nothing to do, and the post step ends
// without loading the HTTP client or @actions/core. Otherwise post.ts loads and does the work.
import { EOL } from 'node:os';
import { readSavedState } from '../core/contract.ts';
import { readState } from './inputs.ts';
import { coreNow } from './lazy-core.ts';
import { mainSettled, NOTHING_TO_ABORT, reportsLeftOpen } from './main-left.ts';

export async function postStart(): Promise<void> {
  const { state, problems } = readSavedState({ get: readState, save: () => undefined });
  // Staging folders of reads a killed main left: removed whatever else post has to do.
  if (state.artifactsRoot !== undefined) {
    const { removeLeftoverPartials } = await import('../artifacts/partials.ts');
    await removeLeftoverPartials(state.artifactsRoot).catch(() => 0);
  }
  if (problems.length === 0 && mainSettled(state) && !reportsLeftOpen(state)) {
    // The line core.debug would write (a fixed text, nothing to escape). The token is not used on this
    // path, and the main step already masked it for the rest of the job.
    process.stdout.write(`::debug::${NOTHING_TO_ABORT}${EOL}`);
    return;
  }
  // post.ts uses @actions/core directly and through the ports: both are the same module, loaded first.
  const [{ post }] = await Promise.all([import('./post.ts'), coreNow()]);
  await post();
}
