// The core's ports, implemented with @actions/core for the GitHub runner. @actions/core loads while
// the first request is in flight (lazy-core.ts); what is written before then is written, in order,
// as soon as it has loaded.
import type { Outputs, StateStore } from '../core/contract.ts';
import type { AnnotationProps, Log, SummarySink } from '../core/ports.ts';
import { fenceLogLines, guardLogLine, neutralize, stripControls } from '../text/safety.ts';
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
  // Annotations and group titles carry remote text too (an error body in a message): inert, as info is.
  warning: (message, props) => withCore((core) => core.warning(neutralize(message), inertProps(props))),
  error: (message, props) => withCore((core) => core.error(neutralize(message), inertProps(props))),
  startGroup: (title) => withCore((core) => core.startGroup(stripControls(title))),
  endGroup: () => withCore((core) => core.endGroup()),
};

function inertProps(props: AnnotationProps | undefined): AnnotationProps {
  return props?.title === undefined ? {} : { title: stripControls(props.title) };
}

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
