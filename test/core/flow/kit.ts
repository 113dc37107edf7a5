// Runs the real flow in-process through the composition root (src/core/flow/step.ts), as the action and
// the CLI do: real settings, the real sinks, the fake API port and virtual time. Each run returns
// everything a test may want to look at.
import type {
  OpenReportsStore,
  OutputName,
  Outputs,
  StateKey,
  StateStore,
} from '../../../src/core/contract.ts';
import type { CancelSignals } from '../../../src/core/flow/cancel.ts';
import type { ArtifactFiles } from '../../../src/core/artifacts/files.ts';
import type { SinkTable } from '../../../src/core/flow/sink-table.ts';
import { runStep } from '../../../src/core/flow/step.ts';
import type { Conclusion, FlowSink } from '../../../src/core/flow/events.ts';
import type { Outcome } from '../../../src/core/outcome.ts';
import type { Log } from '../../../src/core/ports.ts';
import type { StepUrl } from '../../../src/core/report/summary-model.ts';
import { stepSummaryHtml } from '../../../src/core/report/step-summary.ts';
import { INPUT_DEFAULTS, readSettings, type Settings } from '../../../src/core/settings.ts';
import { FakeApi } from './fake-api.ts';
import { VirtualTime } from './virtual-time.ts';

/** The API token every flow of the kit is given, unless its inputs say otherwise. */
export const KIT_TOKEN = 'fake-token-0123456789';

export interface FlowRun {
  outcome: Outcome;
  conclusions: Conclusion[];
  outputs: Map<OutputName, string>;
  state: Map<StateKey, string>;
  lines: string[];
  summaries: string[];
  api: FakeApi;
  time: VirtualTime;
}

export interface FlowSetup {
  inputs?: Record<string, string>;
  /** Prepares the fake and schedules events (signals, server changes) before the flow starts. */
  /** May return inputs that depend on the arranged world (e.g. the id of a run it created). */
  arrange?: (world: {
    api: FakeApi;
    time: VirtualTime;
    cancel: () => void;
    hurry: () => void;
  }) => Record<string, string> | void;
  extraSinks?: FlowSink[];
  /** Where artifacts go, as the adapter would hand it. */
  artifacts?: ArtifactFiles;
  /** The sink table the step reads; by default the one the action and the CLI use. */
  table?: SinkTable;
  /** Sinks made with the run's own ports (virtual time, outputs, state, signals). */
  sinksFor?: (ports: SinkPorts) => FlowSink[];
  /** Step pages for the summary. */
  stepUrl?: StepUrl;
}

export interface SinkPorts {
  settings: Settings;
  time: VirtualTime;
  log: Log;
  outputs: Outputs;
  /** The step's state. */
  state: StateStore;
  openReports: OpenReportsStore;
  cancel: CancelSignals;
}

export async function runFlow(setup: FlowSetup = {}): Promise<FlowRun> {
  const time = new VirtualTime();
  const api = new FakeApi(time);
  const cancelController = new AbortController();
  const hurryController = new AbortController();
  const arranged = setup.arrange?.({
    api,
    time,
    cancel: () => cancelController.abort(new Error('cancelled')),
    hurry: () => hurryController.abort(new Error('hurry')),
  });
  const inputs: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'base-url': 'https://ci.test',
    token: KIT_TOKEN,
    // These flows print step logs when steps end; live streaming runs on its own time (test/core/live-log/).
    'step-logs': 'failed',
    ...setup.inputs,
    ...(arranged ?? {}),
  };
  const settings = readSettings((name) => inputs[name] ?? '');
  const lines: string[] = [];
  const log = recordingLog(lines);
  const outputs = new Map<OutputName, string>();
  const state = new Map<StateKey, string>();
  const summaries: string[] = [];
  const conclusions: Conclusion[] = [];
  const cancel = { signal: cancelController.signal, hurry: hurryController.signal };
  const outputPort: Outputs = { set: (name, value) => void outputs.set(name, value) };
  const statePort: StateStore = {
    save: (key, value) => void state.set(key, value),
    get: (key) => state.get(key) ?? '',
  };
  const { outcome } = await runStep(
    settings,
    {
      client: api,
      clock: time.clock,
      sleep: time.sleep,
      log,
      cancel,
      outputs: outputPort,
      state: statePort,
      summary: {
        publish: async (summary) => void summaries.push(stepSummaryHtml(summary)),
        ...(setup.stepUrl ? { stepUrl: setup.stepUrl } : {}),
      },
      ...(setup.artifacts ? { artifacts: setup.artifacts } : {}),
      targetSinks: (run) => [
        { concluded: (conclusion) => void conclusions.push(conclusion) },
        ...(setup.extraSinks ?? []),
        ...(setup.sinksFor?.({ ...run, time, state: statePort }) ?? []),
      ],
    },
    setup.table,
  );
  return { outcome, conclusions, outputs, state, lines, summaries, api, time };
}

function recordingLog(lines: string[]): Log {
  return {
    info: (line) => void lines.push(line),
    debug: () => undefined,
    warning: (message) => void lines.push(`warning: ${message}`),
    error: (message) => void lines.push(`error: ${message}`),
    remote: (remote) => void lines.push(...remote.map((line) => `remote: ${line}`)),
    startGroup: (title) => void lines.push(`group: ${title}`),
    endGroup: () => void lines.push('endgroup'),
  };
}
