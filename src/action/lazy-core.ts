// @actions/core stays the adapter for every output, state entry and workflow command, but it (with the
// HTTP client it brings) is not needed to send the first request: it loads while that request is in
// flight (load-later.ts). Calls made before then wait in a queue and run in order as soon as it has
// loaded, before anything else uses it, so the log, outputs and state come out as they always did.
import type * as Core from '@actions/core';
import { later, type Later } from './load-later.ts';

type CoreModule = typeof Core;

const queued: Array<(core: CoreModule) => void> = [];

let core: Later<CoreModule> | undefined;

/** Asked for on first use, so that an entry that never writes anything never loads it. */
const coreLater = (): Later<CoreModule> =>
  (core ??= later(() =>
    import('@actions/core').then((loaded) => {
      for (let call = queued.shift(); call; call = queued.shift()) call(loaded);
      return loaded;
    }),
  ));

/** Runs `call` with @actions/core now if it has loaded, else as soon as it has (in order). */
export function withCore(call: (core: CoreModule) => void): void {
  const loaded = coreLater().current();
  if (loaded && queued.length === 0) call(loaded);
  else queued.push(call);
}

/** @actions/core at a point that needs it now (the step's end); everything queued has run first. */
export function coreNow(): Promise<CoreModule> {
  return coreLater().now();
}
