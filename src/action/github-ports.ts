// The core's ports, implemented with @actions/core for the GitHub runner. @actions/core loads while
// the first request is in flight (lazy-core.ts); what is written before then is written, in order,
// as soon as it has loaded.
import type { Outputs, StateStore } from '../core/contract.ts';
import type { Log, SummarySink } from '../core/ports.ts';
import { fenceLogLines, guardLogLine, stripControls } from '../text/safety.ts';
import { readState } from './inputs.ts';
import { coreNow, withCore } from './lazy-core.ts';

export const githubLog: Log = {
  // Defence in depth: core.info prints as it is, so a line the runner would read as a command never
  // goes out unfenced, whatever the caller forgot.
  info: (line) => withCore((core) => core.info(guardLogLine(line))),
  remote: (lines) => {
    const fenced = fenceLogLines(lines);
    withCore((core) => {
      for (const line of fenced) core.info(line);
    });
  },
  debug: (line) => withCore((core) => core.debug(stripControls(line))),
  warning: (message, props) => withCore((core) => core.warning(message, props ?? {})),
  error: (message, props) => withCore((core) => core.error(message, props ?? {})),
  startGroup: (title) => withCore((core) => core.startGroup(title)),
  endGroup: () => withCore((core) => core.endGroup()),
};

export const githubOutputs: Outputs = {
  set: (name, value) => withCore((core) => core.setOutput(name, value)),
};

export const githubState: StateStore = {
  save: (name, value) => withCore((core) => core.saveState(name, value)),
  get: readState,
};

export const githubSummary: SummarySink = {
  async write(markdown) {
    const core = await coreNow();
    if (!process.env.GITHUB_STEP_SUMMARY) {
      core.debug('GITHUB_STEP_SUMMARY is not set; the job summary is not written.');
      return;
    }
    await core.summary.addRaw(markdown, true).write();
  },
};
