// The commit status: one context on the commit, `pending` while the remote work goes (the newest attempt's,
// with `retries`), then `success`, `failure` or `error`. Statuses are idempotent per context, so neither a
// write sent again nor a retried run duplicates it; it has no id, and is there with its first write.
import { isFinished, type Step } from '../../api/types.ts';
import type { TriggerInfo } from '../../core/flow/events.ts';
import type { Remote } from '../../core/model.ts';
import type { OutcomeKind } from '../../core/outcome-kind.ts';
import type { CommitStatus } from '../port.ts';
import { ENDING_STATE } from './ending-state.ts';
import { defineReport, type Send } from '../report-lifecycle.ts';
import { finalLine, runningLine, statusDescription } from '../report-text.ts';

export const commitStatus = defineReport<true>({
  kind: 'commit status',
  openAs: 'status',
  payloads(context, { api }) {
    let targetUrl: string | undefined;
    let lastSent = '';
    const send = (status: (url: string | undefined) => CommitStatus): Send<true> => {
      return (_handle, _retry, signal) => api.createStatus(status(targetUrl), signal);
    };
    const running = (info: TriggerInfo, resource: Remote, steps: readonly Step[]) => {
      // A finished run's last word is the conclusion's, not a pending state.
      if (isFinished(resource)) return undefined;
      const description = statusDescription(runningLine(info.ref, resource, steps, info));
      if (description === lastSent) return undefined;
      lastSent = description;
      return send((url) => ({ state: 'pending', context, description, ...target(url) }));
    };
    return {
      leftOpen: `The commit status "${context}" is left pending for a later step to finish (wait: false).`,
      open: true,
      // Each attempt: the status follows the newest run.
      attempt(info) {
        targetUrl = info.web.url;
        return running(info, info.resource, []);
      },
      update: running,
      ended: ({ outcome, final }, info) => {
        const line = finalLine(info.ref, outcome.kind, final.resource, final.steps, info);
        return [send((url) => endingStatus(context, outcome.kind, line, url))];
      },
    };
  },
  finish: ({ name, ending, targetUrl }, { api }) =>
    name === undefined
      ? undefined
      : (_handle, _retry, signal) =>
          api.createStatus(endingStatus(name, ending.outcome, ending.line, targetUrl), signal),
});

/** The status that ends the report, main's and post's alike. */
function endingStatus(
  context: string,
  outcome: OutcomeKind,
  line: string,
  targetUrl: string | undefined,
): CommitStatus {
  return {
    state: ENDING_STATE[outcome],
    context,
    description: statusDescription(line),
    ...target(targetUrl),
  };
}

function target(url: string | undefined): { target_url?: string } {
  return url ? { target_url: url } : {};
}
