// The one table of who hears a step: each row is a sink, with one column for a step of one target and one
// for a step of several (a row may have only one of them), in the order the sinks hear every event. The
// order carries rules, and the rows say them (`ORDER_RULES` below, checked by test/core/flow/sink-table.test.ts):
//   - `record` is first: the post entry knows the work (state) before anything else reports it;
//   - a fact is made before it is read: its maker's `concluded` has returned before a reader hears it;
//   - `log` before `failed-logs`: a failed step's log that the live log read is shared, not read again;
//   - `target-errors` right after `log`: a target's error annotation follows its last line;
//   - the adapter's reports (GitHub) last among a target's, the step's own outputs before its summary.
import { saveState, type Outputs } from '../contract.ts';
import { deferred } from '../sinks/deferred.ts';
import { stopsOthers } from '../outcome.ts';
import type { StepSummary } from '../report/step-summary.ts';
import { createLogSink } from '../sinks/log-sink.ts';
import { createRecordSink } from '../sinks/record-sink.ts';
import { writeSeveralOutputs } from '../sinks/several-outputs.ts';
import { createSummarySink } from '../sinks/summary-sink.ts';
import type { TargetErrors } from '../sinks/target-errors.ts';
import type { FlowSink, StepEnd, TargetFactName, TargetRun } from './events.ts';
import type { StepDeps } from './step-deps.ts';
import type { Targets, TargetSetup } from './targets.ts';

/** What a row is handed for each target. */
export interface TargetSinkContext {
  setup: TargetSetup;
  deps: StepDeps;
  targets: Targets;
  /** Several targets: their error annotations, sharing one budget. */
  errors?: TargetErrors;
  /** Hands a summary to the adapter; one that cannot be written is a warning. */
  publish(summary: StepSummary): Promise<void>;
}

/** What a row is handed for the step's own end. */
interface StepSinkContext {
  deps: StepDeps;
  errors?: TargetErrors;
  publish(summary: StepSummary): Promise<void>;
}

type Column<Context> = (context: Context) => FlowSink | readonly FlowSink[] | undefined;

export interface SinkRow<Context> {
  /** What it is, as the order rules name it. */
  name: string;
  /** Its sink with one target; none when absent. */
  one?: Column<Context>;
  /** Its sink with several targets (for each target, or for the step); none when absent. */
  several?: Column<Context>;
  /** A row with one column only says so; a column left out otherwise is a mistake `orderProblems` names. */
  only?: 'one' | 'several';
  /** Facts it makes for the sinks after it: complete once it has heard `concluded`. */
  makes?: readonly TargetFactName[];
  /** Facts it reads when it hears `concluded`. */
  reads?: readonly TargetFactName[];
}

export interface SinkTable {
  /** Each target's sinks, in the order they hear every event. */
  target: readonly SinkRow<TargetSinkContext>[];
  /** The step's own sinks: they hear `stepEnded`, once, when every target has ended. */
  step: readonly SinkRow<StepSinkContext>[];
}

const logSink: Column<TargetSinkContext> = ({ setup: { run, reader }, deps, targets, errors }) =>
  createLogSink({
    reader,
    log: run.log,
    client: targets.client,
    settings: run.settings,
    clock: deps.clock,
    sleep: deps.sleep,
    cancel: run.cancel.signal,
    // Several targets: each live log line starts with its target's label, and they share annotations.
    ...(errors ? { annotations: errors.budget, label: run.label } : {}),
  });

const adapters = ({ setup, deps }: TargetSinkContext) => deps.targetSinks?.(setup.run) ?? [];

/** Only when the adapter handed a place for them: the sink's module then loads, while the first request is out. */
function artifactsSink(
  { setup: { run }, deps, targets }: TargetSinkContext,
  outputs: Outputs | undefined,
): FlowSink | undefined {
  const files = deps.artifacts;
  if (files === undefined) return undefined;
  return deferred(
    import('../sinks/artifacts-sink.ts').then(({ createArtifactsSink }) =>
      createArtifactsSink({
        settings: run.settings.artifacts,
        client: targets.client,
        files,
        log: run.log,
        clock: deps.clock,
        sleep: deps.sleep,
        facts: run.facts,
        cancel: run.cancel.signal,
        ...(targets.several ? { label: run.label } : {}),
        ...(outputs ? { outputs } : {}),
      }),
    ),
  );
}

export const SINK_TABLE: SinkTable = {
  target: [
    {
      name: 'record',
      one: ({ setup, deps }) => createRecordSink(setup.run.outputs, deps.state),
      several: ({ setup, targets }) => targetRecord(setup.run, targets),
    },
    { name: 'log', one: logSink, several: logSink },
    { name: 'target-errors', only: 'several', several: ({ setup, errors }) => errors?.sink(setup.run.log) },
    {
      name: 'failed-logs',
      one: ({ setup }) => setup.failedLogs.sink,
      several: ({ setup }) => setup.failedLogs.sink,
      makes: ['tails'],
    },
    {
      name: 'artifacts',
      one: (context) => artifactsSink(context, context.setup.run.outputs),
      several: (context) => artifactsSink(context, undefined),
      makes: ['artifacts', 'tests'],
    },
    {
      name: 'summary',
      // Several targets: the step's summary, once every target has ended (the step's rows below).
      only: 'one',
      one: ({ setup, deps, publish }) =>
        deps.summary &&
        createSummarySink(setup.run.settings, (facts) => publish({ kind: 'target', facts }), {
          facts: setup.run.facts,
          ...(deps.summary.stepUrl ? { stepUrl: deps.summary.stepUrl } : {}),
        }),
      reads: ['tails', 'artifacts', 'tests'],
    },
    { name: 'adapter', one: adapters, several: adapters, reads: ['tails', 'artifacts', 'tests'] },
  ],
  step: [
    {
      name: 'target-errors',
      only: 'several',
      several: ({ deps, errors }) => ({ stepEnded: () => errors?.finish(deps.log) }),
    },
    {
      name: 'outputs',
      // One target: the record sink writes them as they become known.
      only: 'several',
      several: ({ deps }) => ({
        stepEnded: (end: StepEnd) => {
          if (end.settled) saveState(deps.state, 'settled', true);
          writeSeveralOutputs(deps.outputs, end);
        },
      }),
    },
    {
      name: 'summary',
      // One target: the target's own summary row writes it.
      only: 'several',
      several: ({ deps, publish }) =>
        deps.summary && { stepEnded: (end: StepEnd) => publish({ kind: 'targets', end }) },
    },
    { name: 'adapter', one: ({ deps }) => deps.stepSinks, several: ({ deps }) => deps.stepSinks },
  ],
};

/** The table with one more row of a target's, placed before the row named `before`. */
export function withTargetRow(table: SinkTable, row: SinkRow<TargetSinkContext>, before: string): SinkTable {
  const at = table.target.findIndex((each) => each.name === before);
  if (at < 0) throw new Error(`The sink table has no row ${before}.`);
  return { ...table, target: [...table.target.slice(0, at), row, ...table.target.slice(at)] };
}

/** The sinks of one column, in the table's order. */
export function sinksIn<Context>(
  rows: readonly SinkRow<Context>[],
  column: 'one' | 'several',
  context: Context,
): FlowSink[] {
  return rows.flatMap((row) => {
    const made = row[column]?.(context);
    return made === undefined ? [] : Array.isArray(made) ? [...made] : [made as FlowSink];
  });
}

/** Keeps one target's part of the post entry's state; a target that fails stops the others (`fail-fast`). */
function targetRecord({ index, label }: TargetRun, targets: Targets): FlowSink {
  const state = targets.state!;
  return {
    triggering: (pendingTrigger) => state.update(index, { pendingTrigger }),
    identified: (ref) => state.update(index, { kind: ref.kind, id: ref.id, pendingTrigger: undefined }),
    concluded: (ended) => {
      state.update(index, { settled: ended.settled });
      if (stopsOthers(ended.outcome)) targets.stopOthers(label);
    },
  };
}

/** A rule of the order; `orderProblems` lists the rules a table breaks. */
interface OrderRule {
  first?: string;
  before?: [string, string];
  rightAfter?: [string, string];
  last?: string;
}

const ORDER_RULES: readonly OrderRule[] = [
  { first: 'record' },
  { before: ['log', 'failed-logs'] },
  { rightAfter: ['target-errors', 'log'] },
  { last: 'adapter' },
];

/**
 * What a table breaks in either column: a column left out without saying so, the order rules, and a fact
 * read before (or without) its maker.
 * Rows missing from a column are not checked against the rules that name them.
 */
export function orderProblems(table: SinkTable): string[] {
  const problems: string[] = [];
  // A row heard with one target but not with several (or the other way) says so, or it is a slip.
  for (const row of [...table.target, ...table.step] as ReadonlyArray<SinkRow<unknown>>) {
    for (const [column, other] of [
      ['one', 'several'],
      ['several', 'one'],
    ] as const) {
      if (row[column] === undefined && row.only !== other) {
        problems.push(`${row.name} has no \`${column}\` column and does not say it is for \`${other}\` only`);
      }
    }
  }
  for (const column of ['one', 'several'] as const) {
    const names = table.target.filter((row) => row[column] !== undefined).map((row) => row.name);
    const at = (name: string) => names.indexOf(name);
    for (const rule of ORDER_RULES) {
      if (rule.first && at(rule.first) > 0) problems.push(`${column}: ${rule.first} is not first`);
      if (rule.last && at(rule.last) >= 0 && at(rule.last) !== names.length - 1) {
        problems.push(`${column}: ${rule.last} is not last`);
      }
      if (rule.before && at(rule.before[0]) >= 0 && at(rule.before[1]) >= 0) {
        if (at(rule.before[0]) > at(rule.before[1])) {
          problems.push(`${column}: ${rule.before[0]} comes after ${rule.before[1]}`);
        }
      }
      if (rule.rightAfter && at(rule.rightAfter[0]) >= 0 && at(rule.rightAfter[1]) >= 0) {
        if (at(rule.rightAfter[0]) !== at(rule.rightAfter[1]) + 1) {
          problems.push(`${column}: ${rule.rightAfter[0]} is not right after ${rule.rightAfter[1]}`);
        }
      }
    }
    const made = new Set<TargetFactName>();
    for (const row of table.target.filter((each) => each[column] !== undefined)) {
      for (const fact of row.reads ?? []) {
        if (!made.has(fact)) problems.push(`${column}: ${row.name} reads ${fact} before it is made`);
      }
      for (const fact of row.makes ?? []) made.add(fact);
    }
  }
  return problems;
}
