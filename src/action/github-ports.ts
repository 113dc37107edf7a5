// The core's ports, implemented with @actions/core for the GitHub runner.
import * as core from '@actions/core';
import type { Outputs, StateStore } from '../core/contract.ts';
import type { AnnotationProps, Log, SummarySink } from '../core/ports.ts';
import { fenceLogLines, guardLogLine, neutralize, stripControls } from '../text/safety.ts';

export const githubLog: Log = {
  // Defence in depth: core.info prints as it is, so a line the runner would read as a command never
  // goes out unfenced, whatever the caller forgot.
  info: (line) => core.info(guardLogLine(line)),
  remote: (lines) => {
    for (const line of fenceLogLines(lines)) core.info(line);
  },
  debug: (line) => core.debug(stripControls(line)),
  // Annotations and group titles carry remote text too (an error body in a message): inert, as info is.
  warning: (message, props) => core.warning(neutralize(message), inertProps(props)),
  error: (message, props) => core.error(neutralize(message), inertProps(props)),
  startGroup: (title) => core.startGroup(stripControls(title)),
  endGroup: () => core.endGroup(),
};

function inertProps(props: AnnotationProps | undefined): AnnotationProps {
  return props?.title === undefined ? {} : { title: stripControls(props.title) };
}

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
