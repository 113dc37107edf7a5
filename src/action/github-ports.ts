// The core's ports, implemented with @actions/core for the GitHub runner.
import * as core from '@actions/core';
import type { Outputs, StateStore } from '../core/contract.ts';
import type { Log, SummarySink } from '../core/ports.ts';
import { fenceLogLines, guardLogLine, stripControls } from '../text/safety.ts';

export const githubLog: Log = {
  // Defence in depth: core.info prints as it is, so a line the runner would read as a command never
  // goes out unfenced, whatever the caller forgot.
  info: (line) => core.info(guardLogLine(line)),
  remote: (lines) => {
    for (const line of fenceLogLines(lines)) core.info(line);
  },
  debug: (line) => core.debug(stripControls(line)),
  warning: (message, props) => core.warning(message, props ?? {}),
  error: (message, props) => core.error(message, props ?? {}),
  startGroup: (title) => core.startGroup(title),
  endGroup: () => core.endGroup(),
};

export const githubOutputs: Outputs = {
  set: (name, value) => core.setOutput(name, value),
};

export const githubState: StateStore = {
  save: (name, value) => core.saveState(name, value),
  get: (name) => core.getState(name),
};

export const githubSummary: SummarySink = {
  async write(markdown) {
    if (!process.env.GITHUB_STEP_SUMMARY) {
      core.debug('GITHUB_STEP_SUMMARY is not set; the job summary is not written.');
      return;
    }
    await core.summary.addRaw(markdown, true).write();
  },
};
