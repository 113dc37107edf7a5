// The verdict on one chaos run: the action's exit, outputs, summary and logs against the emulator's truth.
// The rules are spelled out in docs/reliability.md; keep the two in step.
import type { EmulatorRunView } from '../../src/emulator/index.ts';
import { errorAnnotations } from '../support/action.ts';
import type { ChaosPlan } from './plan.ts';

export type ProblemKind =
  | 'wrong result'
  | 'duplicate trigger'
  | 'left running'
  | 'missing outputs'
  | 'missing summary'
  | 'leaked token'
  | 'hung';

export const PROBLEM_KINDS: readonly ProblemKind[] = [
  'wrong result',
  'duplicate trigger',
  'left running',
  'missing outputs',
  'missing summary',
  'leaked token',
  'hung',
];

interface ProcessEvidence {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  spawnedAt: number;
  exitedAt: number;
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
}

export type Outcome =
  | 'passed'
  | 'passed after a retry'
  | 'failed'
  | 'aborted on cancel'
  | 'aborted on timeout'
  | 'finished before the cancel took effect'
  | 'not triggered: faults'
  | 'not triggered: cancelled'
  | 'other';

export interface Verdict {
  outcome: Outcome;
  problems: Array<{ kind: ProblemKind; detail: string }>;
  /** Worth knowing, not a failure: e.g. the post step had to finish the job. */
  notes: string[];
}

export function judge(evidence: RunEvidence): Verdict {
  const { plan, main, outputs } = evidence;
  const problems: Verdict['problems'] = [];
  const notes: string[] = [];
  const problem = (kind: ProblemKind, detail: string) => problems.push({ kind, detail });

  for (const [where, text] of leakSources(evidence)) {
    if (withoutMaskCommand(text, evidence.token).includes(evidence.token))
      problem('leaked token', `in ${where}`);
  }
  if (main.hung)
    problem('hung', `main still ran ${Math.round((main.exitedAt - main.spawnedAt) / 1000)} s after spawn`);

  // A process ended by a signal it did not handle (SIGKILL from the runner, or SIGINT before the
  // handlers were installed) could not write anything: its outputs and summary are not judged.
  const ranToEnd = main.signal === null;
  const timedOut =
    plan.timeoutSeconds !== undefined && main.exitedAt - main.spawnedAt >= plan.timeoutSeconds * 1000;
  const runs = [...evidence.runsAfterPost].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  for (const [kind, detail] of attemptProblems(evidence, runs)) problem(kind, detail);

  if (ranToEnd && evidence.files.summary.trim() === '')
    problem('missing summary', 'the summary file is empty');

  const run = runs.find((candidate) => candidate.id === outputs.id) ?? runs.at(-1);
  if (!run) {
    if (outputs.id)
      problem('wrong result', `outputs name run ${outputs.id}, which this action did not create`);
    if (main.code === 0) problem('wrong result', 'the step passed although no run was created');
    const errors = errorAnnotations(main.stdout);
    if (ranToEnd && main.code !== 0 && errors.length === 0) {
      problem('wrong result', 'the step failed without an error saying why, and no run was created');
    }
    // A cancel that came while the faults were already failing the trigger does not change the cause.
    const cancelledFirst =
      main.cancelled && (!ranToEnd || errors.length === 0 || errors.some((e) => /cancel/i.test(e)));
    const outcome: Outcome = cancelledFirst ? 'not triggered: cancelled' : 'not triggered: faults';
    return { outcome, problems, notes };
  }

  const afterMain = evidence.runsAfterMain.find((candidate) => candidate.id === run.id);
  if (run.status !== 'finished') {
    problem('left running', `run ${run.id} is ${run.status} after the post step`);
  } else if (afterMain && afterMain.status !== 'finished' && main.signal === null) {
    notes.push(`run ${run.id} was still ${afterMain.status} after main; the post step settled it`);
  }

  if (ranToEnd) {
    if (!outputs.id) problem('missing outputs', 'no `id` output although the run exists');
    else if (outputs.id !== run.id)
      problem('wrong result', `outputs name run ${outputs.id}, the trigger created ${run.id}`);
    if (outputs.status === undefined || outputs.result === undefined) {
      problem('missing outputs', `no \`${outputs.status === undefined ? 'status' : 'result'}\` output`);
    }
  }

  const truth = run.result;
  if (ranToEnd && outputs.status === 'finished' && outputs.result !== truth) {
    problem('wrong result', `the action reported ${outputs.result}, the server says ${truth}`);
  }
  if (main.code === 0 && truth !== 'passed')
    problem('wrong result', `the step passed, the run ended ${truth}`);
  if (main.code !== 0 && truth === 'passed' && !main.cancelled && !timedOut) {
    problem('wrong result', 'the run passed but the step failed, with neither a cancel nor a timeout');
  }
  if (truth === 'aborted' && !main.cancelled && !timedOut) {
    problem('wrong result', 'the run was aborted with neither a cancel nor a timeout');
  }

  let outcome: Outcome = 'other';
  if (truth === 'aborted')
    outcome = main.cancelled ? 'aborted on cancel' : timedOut ? 'aborted on timeout' : 'other';
  else if (main.cancelled) outcome = 'finished before the cancel took effect';
  else if (truth === 'passed') outcome = runs.length > 1 ? 'passed after a retry' : 'passed';
  else if (truth === 'failed') outcome = truth;
  return { outcome, problems, notes };
}

/**
 * The runs against the attempts the action made (its `attempts` output, or when it could not write
 * it, one more than the retries its log announced): one run per attempt, no more attempts than
 * `retries` allows, and each run that was retried finished `failed` by itself.
 */
function attemptProblems(
  evidence: RunEvidence,
  runs: readonly EmulatorRunView[],
): Array<[ProblemKind, string]> {
  const { plan, outputs, main } = evidence;
  const announced = main.stdout
    .split('\n')
    .filter((line) => line.includes('triggering it again: attempt')).length;
  const attempts = outputs.attempts ? Number(outputs.attempts) : 1 + announced;
  const ids = runs.map((run) => run.id).join(', ');
  const problems: Array<[ProblemKind, string]> = [];
  if (attempts > plan.retries + 1) {
    problems.push(['wrong result', `${attempts} attempts were made with retries ${plan.retries}`]);
  }
  if (runs.length > attempts) {
    const per = attempts > 1 ? ` for ${attempts} attempts` : '';
    problems.push(['duplicate trigger', `${runs.length} runs carry CHAOS_ID=${plan.index}${per}: ${ids}`]);
    return problems;
  }
  if (outputs.attempts && runs.length < attempts) {
    problems.push([
      'wrong result',
      `the attempts output says ${attempts}, the server holds ${runs.length} runs`,
    ]);
  }
  runs.slice(0, -1).forEach((retried, index) => {
    if (retried.status === 'finished' && retried.result === 'failed') return;
    const state = retried.status === 'finished' ? `ended ${retried.result}` : `is ${retried.status}`;
    problems.push([
      'wrong result',
      `run ${runs[index + 1]!.id} retried run ${retried.id}, which ${state} rather than failing by itself`,
    ]);
  });
  return problems;
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
