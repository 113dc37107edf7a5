// The sink that keeps the workflow's outputs and the post entry's state in step with the flow.
import type { Step, Workflow } from '../../api/types.ts';
import { saveState, type Outputs, type StateStore } from '../contract.ts';
import type { Remote } from '../follow.ts';
import type { RemoteRef } from '../refs.ts';
import { stepsOutput } from '../report/steps-output.ts';
import type { Conclusion, FlowSink } from '../flow/events.ts';

export function createRecordSink(outputs: Outputs, state: StateStore): FlowSink {
  let ref: RemoteRef | undefined;
  let triggering = false;
  const trackedRuns = new Set<string>();
  return {
    triggering(fingerprint) {
      triggering = true;
      saveState(state, 'pendingTrigger', fingerprint);
    },
    identified(identified) {
      ref = identified;
      if (triggering) saveState(state, 'pendingTrigger', undefined);
      saveState(state, 'kind', ref.kind);
      saveState(state, 'id', ref.id);
      saveState(state, 'url', ref.url);
      outputs.set('type', ref.kind);
      outputs.set('id', ref.id);
      outputs.set(ref.kind === 'run' ? 'run-id' : 'build-id', ref.id);
      outputs.set('url', ref.url);
    },
    triggered({ web }) {
      outputs.set('web-url', web.url);
    },
    workflowChanged(workflow) {
      outputs.set('workflow-id', workflow.id);
      // The post entry must know of every run the workflow starts, to abort them if main cannot.
      const others = workflow.items.flatMap((item) =>
        item.runId && item.runId !== ref?.id ? [item.runId] : [],
      );
      if (others.some((id) => !trackedRuns.has(id))) {
        for (const id of others) trackedRuns.add(id);
        saveState(state, 'workflowRuns', [...trackedRuns]);
      }
    },
    concluded({ final, settled }: Conclusion) {
      if (settled) saveState(state, 'settled', true);
      if (final.ref) writeFinalOutputs(outputs, final.resource, final.steps, final.workflow);
    },
  };
}

function writeFinalOutputs(
  outputs: Outputs,
  resource: Remote | undefined,
  steps: readonly Step[],
  workflow: Workflow | undefined,
): void {
  if (resource) {
    outputs.set('status', resource.status);
    outputs.set('result', resource.result);
    outputs.set('progress', resource.progress === undefined ? '' : String(resource.progress));
    outputs.set('started-at', resource.startedAt?.toISOString() ?? '');
    outputs.set('finished-at', resource.finishedAt?.toISOString() ?? '');
    outputs.set(
      'duration',
      resource.startedAt && resource.finishedAt
        ? String(Math.round((resource.finishedAt.getTime() - resource.startedAt.getTime()) / 1000))
        : '',
    );
  }
  if (workflow) outputs.set('workflow-id', workflow.id);
  outputs.set('steps', stepsOutput(steps));
}
