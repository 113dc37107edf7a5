// Runs several targets in-process through the composition root (src/core/flow/step.ts), as the action and
// the CLI do: the real settings and sinks against the fake API, on virtual time that lets the targets run
// side by side. Three pipelines: build, test and e2e.
import type { OutputName, Outputs, StateKey, StateStore } from '../../../src/core/contract.ts';
import type { ArtifactFiles } from '../../../src/core/artifacts/files.ts';
import type { SinkTable } from '../../../src/core/flow/sink-table.ts';
import { runStep } from '../../../src/core/flow/step.ts';
import type { FlowSink } from '../../../src/core/flow/events.ts';
import type { StepEnd, TargetRun } from '../../../src/core/flow/events.ts';
import type { Outcome } from '../../../src/core/outcome.ts';
import type { Log } from '../../../src/core/ports.ts';
import { stepSummaryHtml } from '../../../src/core/report/step-summary.ts';
import { INPUT_DEFAULTS, readSettings } from '../../../src/core/settings.ts';
import { busiestWindow } from '../../../bench/support/stats.ts';
import { ConcurrentTime } from './concurrent-time.ts';
import { FakeApi, PIPELINE_ID } from './fake-api.ts';

export const PIPELINES = [
  { id: PIPELINE_ID, name: 'build' },
  { id: 'p0000000000000000000000b', name: 'test' },
  { id: 'p0000000000000000000000c', name: 'e2e' },
];

const THREE = { pipeline: 'acme/web/build\nacme/web/test\nacme/web/e2e' };

export interface SeveralRun {
  outcome: Outcome;
  end: StepEnd;
  outputs: Map<OutputName, string>;
  state: Map<StateKey, string>;
  lines: string[];
  summaries: string[];
  api: FakeApi;
  time: ConcurrentTime;
}

export interface SeveralSetup {
  inputs?: Record<string, string>;
  arrange?: (world: {
    api: FakeApi;
    time: ConcurrentTime;
    cancel: () => void;
    hurry: () => void;
    /** The state main saved so far, as post would read it if main died now. */
    state: Map<StateKey, string>;
  }) => void;
  targetSinks?: (run: TargetRun) => FlowSink[];
  stepSinks?: FlowSink[];
  /** The sink table the step reads; by default the one the action and the CLI use. */
  table?: SinkTable;
  /** Where artifacts go, as the adapter would hand it. */
  artifacts?: ArtifactFiles;
}

export async function runSeveral(setup: SeveralSetup = {}): Promise<SeveralRun> {
  const time = new ConcurrentTime();
  const api = new FakeApi(time);
  api.pipelines = PIPELINES;
  const cancelController = new AbortController();
  const hurryController = new AbortController();
  const state = new Map<StateKey, string>();
  setup.arrange?.({
    api,
    time,
    state,
    cancel: () => cancelController.abort(new Error('cancelled')),
    hurry: () => hurryController.abort(new Error('hurry')),
  });
  const inputs: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'base-url': 'https://ci.test',
    token: 'fake-token-0123456789',
    ...THREE,
    ...setup.inputs,
  };
  const settings = readSettings((name) => inputs[name] ?? '');
  const lines: string[] = [];
  const outputs = new Map<OutputName, string>();
  const summaries: string[] = [];
  const outputPort: Outputs = { set: (name, value) => void outputs.set(name, value) };
  const statePort: StateStore = {
    save: (key, value) => void state.set(key, value),
    get: (key) => state.get(key) ?? '',
  };
  const end = await runStep(
    settings,
    {
      client: api,
      clock: time.clock,
      sleep: time.sleep,
      log: recordingLog(lines),
      cancel: { signal: cancelController.signal, hurry: hurryController.signal },
      outputs: outputPort,
      state: statePort,
      summary: { publish: async (summary) => void summaries.push(stepSummaryHtml(summary)) },
      ...(setup.targetSinks ? { targetSinks: setup.targetSinks } : {}),
      ...(setup.stepSinks ? { stepSinks: setup.stepSinks } : {}),
      ...(setup.artifacts ? { artifacts: setup.artifacts } : {}),
    },
    setup.table,
  );
  return { outcome: end.outcome, end, outputs, state, lines, summaries, api, time };
}

function recordingLog(lines: string[]): Log {
  return {
    info: (line) => void lines.push(line),
    debug: () => undefined,
    warning: (message, props) =>
      void lines.push(`warning: ${message}${props?.title ? ` (${props.title})` : ''}`),
    error: (message, props) => void lines.push(`error: ${message}${props?.title ? ` (${props.title})` : ''}`),
    remote: (remote) => void lines.push(...remote.map((line) => `remote: ${line}`)),
    startGroup: (title) => void lines.push(`group: ${title}`),
    endGroup: () => void lines.push('endgroup'),
  };
}

/** The most calls the fake got in any one second. */
export function busiestSecond(api: Pick<FakeApi, 'calls'>): number {
  return busiestWindow(api.calls.map((call) => call.at));
}

/** The run the fake created for a pipeline, by its name. */
export function runOf(api: FakeApi, name: string): string | undefined {
  const id = PIPELINES.find((pipeline) => pipeline.name === name)?.id;
  return [...api.remotes.values()].find(
    (remote) => remote.kind === 'run' && (remote.trigger as { pipelineId?: string }).pipelineId === id,
  )?.id;
}
