// The verdict on one chaos run: the action's exit, outputs, summary and logs against the emulator's truth.
// The rules are spelled out in docs/reliability.md; keep the two in step.
import type { EmulatorRunView } from '../../src/emulator/index.ts';
import { errorAnnotations, type StdoutArrival } from '../support/action.ts';
import {
  attemptProblems,
  lostTriggerCutByTimeout,
  runsEntries,
  stoppedByAnother,
  targetRunsOf,
  worstResult,
  type Found,
  type TargetRuns,
} from './check-targets.ts';
import type { ArtifactEvidence } from './artifact-evidence.ts';
import { checkArtifacts, type ArtifactTotals } from './check-artifacts.ts';
import { checkLiveLogs, liveLogTotals, type LiveLogTotals, type ServerLogs } from './check-live-logs.ts';
import { streamsLive, type ChaosPlan } from './plan.ts';

export type ProblemKind =
  | 'wrong result'
  | 'duplicate trigger'
  | 'left running'
  | 'missing outputs'
  | 'missing summary'
  | 'leaked token'
  | 'hung'
  | 'live log lines'
  | 'artifacts';

export const PROBLEM_KINDS: readonly ProblemKind[] = [
  'wrong result',
  'duplicate trigger',
  'left running',
  'missing outputs',
  'missing summary',
  'leaked token',
  'hung',
  'live log lines',
  'artifacts',
];

interface ProcessEvidence {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  spawnedAt: number;
  exitedAt: number;
  /** When its stdout's text arrived; absent in made-up evidence. */
  stdoutArrivals?: StdoutArrival[];
}

export interface RunEvidence {
  plan: ChaosPlan;
  token: string;
  main: ProcessEvidence & {
    /** SIGINT was sent while it still ran. */
    cancelled: boolean;
    sigterm: boolean;
    sigkill: boolean;
    /** It outlived the watchdog and was cancelled for that. */
    hung: boolean;
  };
  post: ProcessEvidence;
  outputs: Record<string, string>;
  /** Raw text of the files the runner reads: GITHUB_OUTPUT, GITHUB_STATE and the summary. */
  files: { output: string; state: string; summary: string };
  /** The emulator's runs carrying this run's CHAOS_ID, a short while after main exited, and after post. */
  runsAfterMain: EmulatorRunView[];
  runsAfterPost: EmulatorRunView[];
  /** With live step logs: each of those runs' step logs as the server holds them after post. */
  serverLogs?: ServerLogs;
  /** With artifacts: the tree under artifacts-path, its partial folders, and the server's archives. */
  artifacts?: ArtifactEvidence;
}

export type Outcome =
  | 'passed'
  | 'passed after a retry'
  | 'failed'
  | 'failed, fail-fast stopped the others'
  | 'aborted on cancel'
  | 'aborted on timeout'
  | 'finished before the cancel took effect'
  | 'not triggered: faults'
  | 'not triggered: cancelled'
  | 'not triggered: timed out'
  | 'other';

export interface Verdict {
  outcome: Outcome;
  problems: Array<{ kind: ProblemKind; detail: string }>;
  /** Worth knowing, not a failure: e.g. the post step had to finish the job. */
  notes: string[];
  /** With live step logs: the lines shown for each step against the server's logs. */
  live?: LiveLogTotals;
  /** With artifacts: the `artifacts` output's statuses and the folders compared with their archives. */
  artifacts?: ArtifactTotals;
}

export function judge(evidence: RunEvidence): Verdict {
  const { main } = evidence;
  const problems: Verdict['problems'] = [];
  const notes: string[] = [];
  const problem = (kind: ProblemKind, detail: string) => problems.push({ kind, detail });

  for (const [where, text] of leakSources(evidence)) {
    if (withoutMaskCommand(text, evidence.token).includes(evidence.token))
      problem('leaked token', `in ${where}`);
  }
  if (main.hung)
    problem('hung', `main still ran ${Math.round((main.exitedAt - main.spawnedAt) / 1000)} s after spawn`);

  const { targets, stray } = targetRunsOf(evidence);
  if (stray.length > 0) {
    const which = stray.map((run) => `${run.id} (${run.pipelineName})`).join(', ');
    problem(
      'duplicate trigger',
      `runs with CHAOS_ID=${evidence.plan.index} on no target's pipeline: ${which}`,
    );
  }
  for (const target of targets) {
    for (const [kind, detail] of attemptProblems(evidence, target)) problem(kind, detail);
  }
  // A process ended by a signal it did not handle (SIGKILL from the runner, or SIGINT before the
  // handlers were installed) could not write anything: its outputs and summary are not judged.
  if (main.signal === null && evidence.files.summary.trim() === '')
    problem('missing summary', 'the summary file is empty');
  if (targets.length > 1) {
    for (const [kind, detail] of severalOutputProblems(evidence, targets)) problem(kind, detail);
  }
  for (const target of targets) {
    for (const [kind, detail] of targetProblems(evidence, targets, target, notes)) problem(kind, detail);
  }
  for (const [kind, detail] of gateProblems(evidence, targets)) problem(kind, detail);
  const live = liveLogProblems(evidence, targets);
  for (const [kind, detail] of live?.found ?? []) problem(kind, detail);
  const artifacts = artifactProblems(evidence, targets);
  for (const [kind, detail] of artifacts?.found ?? []) problem(kind, detail);
  return {
    outcome: outcomeOf(evidence, targets),
    problems,
    notes,
    ...(live ? { live: live.totals } : {}),
    ...(artifacts ? { artifacts: artifacts.totals } : {}),
  };
}

/** Following stopped before a run's end: a cancel, a timeout, fail-fast, a process killed or hung. */
function cutShortOf(evidence: RunEvidence, targets: readonly TargetRuns[]): boolean {
  const { plan, main } = evidence;
  const failed = targets.some((target) => target.run?.result === 'failed');
  return (
    main.cancelled ||
    main.hung ||
    main.signal !== null ||
    timedOutOf(evidence) ||
    (plan.failFast === true && failed)
  );
}

/** Every tree brought back equals the server's archive, nothing partial is left, a failure only warns. */
function artifactProblems(
  evidence: RunEvidence,
  targets: readonly TargetRuns[],
): { totals: ArtifactTotals; found: Found } | undefined {
  const { plan, main, artifacts } = evidence;
  if (plan.artifacts === undefined || !artifacts) return undefined;
  const { problems, totals } = checkArtifacts({
    ...artifacts,
    ...(evidence.outputs.artifacts !== undefined ? { output: evidence.outputs.artifacts } : {}),
    targets: targets.map((target) => ({
      label: target.target.label,
      ...((target.reported.id ?? target.run?.id) !== undefined
        ? { runId: target.reported.id ?? target.run?.id }
        : {}),
    })),
    stdout: main.stdout,
    ranToEnd: main.signal === null,
    followedToEnd: !cutShortOf(evidence, targets),
    wanted: plan.artifacts === 'all' ? 'all' : [plan.artifacts],
  });
  return { totals, found: problems.map((detail) => ['artifacts', detail]) };
}

/** Every line of every step shown once, in order: the live log against the server's. */
function liveLogProblems(
  evidence: RunEvidence,
  targets: readonly TargetRuns[],
): { totals: LiveLogTotals; found: Found } | undefined {
  const { plan, main, serverLogs } = evidence;
  if (!streamsLive(plan) || !serverLogs) return undefined;
  const cutShort = cutShortOf(evidence, targets);
  const verdicts = checkLiveLogs({
    stdout: main.stdout,
    serverLogs,
    cutShort,
    ...(main.stdoutArrivals ? { arrivals: main.stdoutArrivals } : {}),
  });
  const found: Found = verdicts
    .filter((v) => !v.saidUnreadable && (v.lost > 0 || v.repeated > 0 || v.reordered))
    .map((v) => [
      'live log lines',
      `run ${v.runId} step ${v.order}: ${v.printed} lines shown for ${v.expected} on the server` +
        `${v.lost > 0 ? `, ${v.lost} lost` : ''}${v.repeated > 0 ? `, ${v.repeated} repeated` : ''}` +
        `${v.reordered ? ', out of order' : ''}`,
    ]);
  for (const v of verdicts.filter((verdict) => verdict.timing?.atEnd)) {
    const { windowMs = 0, firstLineAfterEndMs = 0 } = v.timing!;
    found.push([
      'live log lines',
      `run ${v.runId} step ${v.order}: no line printed while it ran (read for ${seconds(windowMs)} before ` +
        `its end, its first line ${seconds(firstLineAfterEndMs)} after it)`,
    ]);
  }
  return { totals: liveLogTotals(verdicts), found };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function timedOutOf({ plan, main }: RunEvidence): boolean {
  return plan.timeoutSeconds !== undefined && main.exitedAt - main.spawnedAt >= plan.timeoutSeconds * 1000;
}

/** One target: its run settled after post, and what the action reported about it against the server. */
function targetProblems(
  evidence: RunEvidence,
  targets: readonly TargetRuns[],
  target: TargetRuns,
  notes: string[],
): Found {
  const { main } = evidence;
  const { run, reported, tag } = target;
  const ranToEnd = main.signal === null;
  const found: Found = [];
  if (!run) {
    if (reported.id)
      found.push(['wrong result', `${tag}outputs name run ${reported.id}, which this action did not create`]);
    return found;
  }
  const afterMain = evidence.runsAfterMain.find((candidate) => candidate.id === run.id);
  if (run.status !== 'finished') {
    found.push(['left running', `${tag}run ${run.id} is ${run.status} after the post step`]);
  } else if (afterMain && afterMain.status !== 'finished' && ranToEnd) {
    notes.push(`${tag}run ${run.id} was still ${afterMain.status} after main; the post step settled it`);
  }
  const several = targets.length > 1;
  if (ranToEnd) {
    const where = several ? `${tag}no \`id\` in the \`runs\` output` : 'no `id` output';
    if (!reported.id && lostTriggerCutByTimeout(evidence, target, timedOutOf(evidence))) {
      notes.push(`${tag}the timeout cut the look for the lost trigger's run short; the post step settled it`);
    } else if (!reported.id) found.push(['missing outputs', `${where} although the run exists`]);
    else if (reported.id !== run.id)
      found.push(['wrong result', `${tag}outputs name run ${reported.id}, the trigger created ${run.id}`]);
    if (!several && (reported.status === undefined || reported.result === undefined)) {
      found.push(['missing outputs', `no \`${reported.status === undefined ? 'status' : 'result'}\` output`]);
    }
  }
  const truth = run.result;
  if (ranToEnd && reported.status === 'finished' && reported.result !== truth) {
    found.push(['wrong result', `${tag}the action reported ${reported.result}, the server says ${truth}`]);
  }
  const explained = main.cancelled || timedOutOf(evidence) || stoppedByAnother(evidence, targets, target);
  if (truth === 'aborted' && !explained) {
    const without = evidence.plan.failFast ? ', a timeout or another target failing first' : ' nor a timeout';
    found.push(['wrong result', `${tag}the run was aborted with neither a cancel${without}`]);
  }
  // A target whose following ended before its run did, with nothing to stop it: the step's exit code
  // speaks for all targets, so this is the one sign of it.
  const unfinished = reported.status !== undefined && reported.status !== 'finished';
  if (several && ranToEnd && truth === 'passed' && unfinished && !explained) {
    found.push(['wrong result', `${tag}the run passed, the action left it ${reported.status}`]);
  }
  return found;
}

/** With several targets: the step's own outputs, the `runs` array, the worst result, no single-run id. */
function severalOutputProblems(evidence: RunEvidence, targets: readonly TargetRuns[]): Found {
  const { outputs, main } = evidence;
  if (main.signal !== null || targets.every((target) => !target.run)) return [];
  const found: Found = [];
  for (const name of ['status', 'result', 'runs'] as const) {
    if (outputs[name] === undefined) found.push(['missing outputs', `no \`${name}\` output`]);
  }
  if (outputs.runs !== undefined && runsEntries(outputs.runs).length !== targets.length) {
    found.push([
      'missing outputs',
      `the \`runs\` output does not hold one entry per target: ${outputs.runs}`,
    ]);
  }
  if (outputs.id) found.push(['wrong result', `the \`id\` output is ${outputs.id} with several targets`]);
  if (outputs.status === 'finished' && targets.every((target) => target.run)) {
    const worst = worstResult(targets.map((target) => target.run!.result));
    if (outputs.result !== worst) {
      found.push([
        'wrong result',
        `the action reported ${outputs.result}, the worst on the server is ${worst}`,
      ]);
    }
  }
  return found;
}

/** The step's exit code against the targets: it passes only when every target's run passed. */
function gateProblems(evidence: RunEvidence, targets: readonly TargetRuns[]): Found {
  const { main } = evidence;
  const found: Found = [];
  const missing = targets.filter((target) => !target.run);
  if (missing.length > 0) {
    const none =
      targets.length > 1
        ? `${missing.map((target) => target.target.label).join(', ')} got no run`
        : 'no run was created';
    if (main.code === 0) found.push(['wrong result', `the step passed although ${none}`]);
    if (main.signal === null && main.code !== 0 && errorAnnotations(main.stdout).length === 0) {
      found.push(['wrong result', `the step failed without an error saying why, and ${none}`]);
    }
  }
  for (const { run, tag } of targets) {
    if (run && main.code === 0 && run.result !== 'passed') {
      const which = tag ? `${tag}the run` : 'the run';
      found.push(['wrong result', `the step passed, ${which} ended ${run.result}`]);
    }
  }
  const allPassed = targets.every((target) => target.run?.result === 'passed');
  if (allPassed && main.code !== 0 && !main.cancelled && !timedOutOf(evidence)) {
    const what = targets.length > 1 ? 'every run passed' : 'the run passed';
    found.push(['wrong result', `${what} but the step failed, with neither a cancel nor a timeout`]);
  }
  return found;
}

/** How the run ended, for the report: with several targets, taken over all of them. */
function outcomeOf(evidence: RunEvidence, targets: readonly TargetRuns[]): Outcome {
  const { main, plan } = evidence;
  const results = targets.map((target) => target.run?.result);
  const timedOut = timedOutOf(evidence);
  // Under fail-fast, a target that failed by itself stops the others: aborted, or never triggered.
  const failFast = plan.failFast === true && results.includes('failed') && !main.cancelled && !timedOut;
  if (results.includes(undefined) && !failFast) {
    const errors = errorAnnotations(main.stdout);
    // A cancel that came while the faults were already failing the trigger does not change the cause.
    const cancelledFirst =
      main.cancelled &&
      (main.signal !== null || errors.length === 0 || errors.some((e) => /cancel/i.test(e)));
    if (cancelledFirst) return 'not triggered: cancelled';
    // The timeout also ends a trigger still waiting to be sent again or looked for. A SIGINT planned
    // after the timeout, that found the step still reporting a timeout it had said, came second.
    const cancelAfter = (plan.cancelAtMs ?? Infinity) >= (plan.timeoutSeconds ?? Infinity) * 1000;
    const timeoutFirst =
      timedOut && (!main.cancelled || (cancelAfter && errors.some((e) => /timed[ -]out/i.test(e))));
    return timeoutFirst ? 'not triggered: timed out' : 'not triggered: faults';
  }
  if (results.includes('aborted') || results.includes(undefined)) {
    if (main.cancelled) return 'aborted on cancel';
    if (timedOut) return 'aborted on timeout';
    return failFast ? 'failed, fail-fast stopped the others' : 'other';
  }
  if (main.cancelled) return 'finished before the cancel took effect';
  if (results.every((result) => result === 'passed')) {
    return targets.some((target) => target.runs.length > 1) ? 'passed after a retry' : 'passed';
  }
  return results.includes('failed') ? 'failed' : 'other';
}

export function leakSources(evidence: RunEvidence): Array<[string, string]> {
  return [
    ['main stdout', evidence.main.stdout],
    ['main stderr', evidence.main.stderr],
    ['post stdout', evidence.post.stdout],
    ['post stderr', evidence.post.stderr],
    ['the summary', evidence.files.summary],
    ['GITHUB_OUTPUT', evidence.files.output],
    ['GITHUB_STATE', evidence.files.state],
  ];
}

/** `::add-mask::<token>` is how the runner learns to mask it: the one permitted occurrence. */
export function withoutMaskCommand(text: string, token: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => line !== `::add-mask::${token}`)
    .join('\n');
}
