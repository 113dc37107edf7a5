// The commit status sink: one context on the commit, `pending` while the remote work goes (the newest
// attempt's, with `retries`), then `success`, `failure` or `error`. Statuses are idempotent per
// context, so neither a write sent again nor a retried run duplicates it.
import { isFinished, type Step } from '../../api/types.ts';
import type { FlowSink, TriggerInfo } from '../../core/flow/events.ts';
import type { Remote } from '../../core/model.ts';
import { ReportWriter } from '../report-writer.ts';
import { commitState, finalLine, runningLine, statusDescription } from '../report-text.ts';
import { finishDeadline, watchCancel, type ReportDeps } from './shared.ts';

export function createCommitStatusSink(context: string, deps: ReportDeps): FlowSink {
  const writer = new ReportWriter('commit status', deps, () => deps.open.close('status'));
  const cancelledAt = watchCancel(deps);
  let info: TriggerInfo | undefined;
  let targetUrl: string | undefined;
  let lastSent = '';

  const send = (state: 'pending' | ReturnType<typeof commitState>, line: string) => {
    const description = statusDescription(line);
    if (state === 'pending' && description === lastSent) return;
    lastSent = description;
    writer.enqueue('state', (_retry, signal) =>
      deps.api.createStatus(
        { state, context, description, ...(targetUrl ? { target_url: targetUrl } : {}) },
        signal,
      ),
    );
  };
  const progress = (resource: Remote, steps: readonly Step[]) => {
    // A finished run's last word is the conclusion's, not a pending state.
    if (info && !isFinished(resource)) send('pending', runningLine(info.ref, resource, steps, info));
  };

  return {
    // Once per attempt: the status follows the newest run.
    triggered(triggered) {
      info = triggered;
      targetUrl = triggered.web.url;
      if (!writer.stopped) deps.open.mark({ status: true, targetUrl });
      progress(triggered.resource, []);
    },
    update: progress,
    async concluded({ outcome, final }) {
      if (!info) return;
      if (outcome.kind === 'triggered') {
        deps.log.info(
          `The commit status "${context}" is left pending for a later step to finish (wait: false).`,
        );
        deps.open.close('status');
        await writer.drain(finishDeadline(deps, cancelledAt()), deps.cancel.hurry);
        return;
      }
      send(commitState(outcome.kind), finalLine(info.ref, outcome.kind, final.resource, final.steps, info));
      if (await writer.drain(finishDeadline(deps, cancelledAt()), deps.cancel.hurry))
        deps.open.close('status');
    },
  };
}
