// The core's ports, implemented with @actions/core for the GitHub runner. @actions/core loads while
// the first request is in flight (lazy-core.ts); what is written before then is written, in order,
// as soon as it has loaded.
import { EOL } from 'node:os';
import type { Outputs, StateStore } from '../core/contract.ts';
import type { AnnotationProps, Log, SummarySink } from '../core/ports.ts';
import { fenceLogLines, fenceLogText, guardLogLine, neutralize, stripControls } from '../text/safety.ts';
import { drained } from '../runtime/drained.ts';
import { readState } from './inputs.ts';
import { coreNow, withCore } from './lazy-core.ts';

export const githubLog: Log = {
  // Defence in depth: core.info prints as it is, so a line the runner would read as a command never
  // goes out unfenced, whatever the caller forgot.
  info: (line) => withCore((core) => core.info(guardLogLine(line))),
  remote: (lines) => {
    const fenced = fenceLogLines(lines);
    // One write for the batch (core.info ends it with EOL, as it would each line): a long live log is
    // thousands of lines a second, and a write each would queue as many requests while stdout is full.
    withCore((core) => core.info(fenced.join(EOL)));
  },
  // A live log's chunk, fenced as a whole, in order with what core.info writes. Its pieces are written one
  // after the other (core.info would join them to a line end: a copy of the whole chunk). One that has to
  // wait in stdout's queue (the runner reads slower than the log grows) waits as bytes: a string there
  // would be copied by every young-generation collection meanwhile, and V8 grows that generation by what
  // it copies. Bytes cost a copy of their own, so a piece that goes out at once goes as it is.
  remoteText: (text) =>
    withCore(() => {
      for (const piece of fenceLogText(text, EOL)) {
        process.stdout.write(process.stdout.writableLength > 0 ? Buffer.from(piece) : piece);
      }
    }),
  debug: (line) => withCore((core) => core.debug(stripControls(line))),
  // Annotations and group titles carry remote text too (an error body in a message): inert, as info is.
  warning: (message, props) => withCore((core) => core.warning(neutralize(message), inertProps(props))),
  error: (message, props) => withCore((core) => core.error(neutralize(message), inertProps(props))),
  startGroup: (title) => withCore((core) => core.startGroup(stripControls(title))),
  endGroup: () => withCore((core) => core.endGroup()),
  // What was queued before @actions/core loaded is written first; then stdout has to take it.
  drained: () => coreNow().then(() => drained(process.stdout)),
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
