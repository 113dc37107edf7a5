// The sink that keeps the workflow's outputs and the post entry's state in step with the flow. A
// retry is a new run: its id replaces the last one in the outputs and in the state post reads.
import { saveState, type Outputs, type StateStore } from '../contract.ts';
import type { RemoteRef } from '../refs.ts';
import { attemptCount, runsEntry, runsOutput, timeValues } from '../report/runs-output.ts';
import { stepsOutput } from '../report/steps-output.ts';
import type { Conclusion, FinalView, FlowSink, TriggerInfo } from '../flow/events.ts';
import { gateResult } from '../workflow.ts';

export function createRecordSink(outputs: Outputs, state: StateStore): FlowSink {
  let ref: RemoteRef | undefined;
  let info: TriggerInfo | undefined;
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
      outputs.set('type', ref.kind);
      outputs.set('id', ref.id);
      outputs.set(ref.kind === 'run' ? 'run-id' : 'build-id', ref.id);
      outputs.set('url', ref.url);
    },
    triggered(triggered) {
      info = triggered;
      outputs.set('web-url', triggered.web.url);
      outputs.set('attempts', String(triggered.attempt));
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
      if (final.ref) writeFinalOutputs(outputs, final, info?.pipelineId);
    },
  };
}

function writeFinalOutputs(outputs: Outputs, final: FinalView, pipelineId: string | undefined): void {
  const { resource, workflow } = final;
  // Each output on its own: a value that cannot be written drops that output, never the others.
  const put = (name: Parameters<Outputs['set']>[0], value: () => string) => {
    try {
      outputs.set(name, value());
    } catch {
      // Left unset.
    }
  };
  if (resource) {
    put('status', () => resource.status);
    put('result', () => gateResult(resource.result, final.ref?.id, workflow));
    put('run-result', () => resource.result);
    put('progress', () => (resource.progress === undefined ? '' : String(resource.progress)));
    put('started-at', () => timeValues(resource)['started-at']);
    put('finished-at', () => timeValues(resource)['finished-at']);
    put('duration', () => timeValues(resource).duration);
  }
  put('attempts', () => String(attemptCount(final)));
  put('runs', () => {
    const entry = runsEntry(final, pipelineId);
    if (!entry) throw new Error('no entry');
    return runsOutput([entry]);
  });
  if (workflow) put('workflow-id', () => workflow.id);
  put('steps', () => stepsOutput(final.steps));
}
