// The job summary as data: buildSummary() lays out what is known at the end (run, settings, outcome) once, as
// labelled fields and sections. The renderers (summary-html.ts, summary-text.ts) only decide how each kind of
// value looks; what is shown, under which label and in which order is decided here.
import type { Step } from '../../api/types.ts';
import type { FinalView, TriggerInfo } from '../flow/events.ts';
import type { Outcome } from '../outcome.ts';
import type { OutcomeKind } from '../outcome-kind.ts';
import type { Settings } from '../settings.ts';
import { failuresSection, type FailuresSection, type StepLogFacts } from './failures.ts';
import { elapsedMs, formatDuration, outcomeIcon, outcomeWord, resultIcon } from './format.ts';
import {
  code,
  ourLink,
  serverLink,
  SUMMARY_LIMITS,
  text,
  words,
  type Inline,
  type LinkInline,
  type OutcomeMark,
  type StateMark,
  type SummaryField,
} from './summary-inline.ts';
import type { ArtifactFacts } from '../artifacts/facts.ts';
import type { TestFacts } from '../test-results.ts';
import { testsSection, type TestsSection } from './summary-tests.ts';
import {
  artifactRow,
  summaryArtifacts,
  type ArtifactRow,
  type SummaryArtifact,
} from './summary-artifacts.ts';
import { attemptRow, summaryAttempts, type AttemptRow, type SummaryAttempt } from './summary-attempts.ts';

export interface SummaryStep {
  id?: string;
  order: number;
  name: string;
  status: string;
  result: string;
  durationMs?: number;
  logUrl?: string;
  artifactsUrl?: string | null;
  /** The step's page for people, from SummaryInput.stepUrl. */
  webUrl?: string;
  /** For a failed step whose log was read: why it failed, and how its log ends. */
  logTail?: StepLogFacts;
}

/** A step's page for people, from its id; undefined when there is none. */
export type StepUrl = (stepId: string) => string | undefined;

interface SummaryWorkflowItem {
  name: string;
  status: string;
  result: string;
  runId?: string;
}

interface SummaryTarget {
  pipeline?: string;
  application?: string;
  branch?: string;
  commit?: string;
  message?: string;
  sourceRunId?: string;
}

/** The facts behind the summary, as plain values (what `ci-run run --json` prints). */
export interface SummaryData {
  outcome: OutcomeKind;
  kind: 'run' | 'build';
  id?: string;
  apiUrl?: string;
  /** The run's page for people (the API URL when no page is known). */
  webUrl?: string;
  target: SummaryTarget;
  startedAt?: Date;
  finishedAt?: Date;
  durationMs?: number;
  status?: string;
  result?: string;
  progress?: number;
  steps: SummaryStep[];
  workflow?: { id: string; items: SummaryWorkflowItem[] };
  /** Every attempt, oldest first, when a failed one was triggered again (`retries`). */
  attempts?: SummaryAttempt[];
  /** What each step considered brought back (`artifacts`). */
  artifacts?: SummaryArtifact[];
  /** The test reports read (`test-reports`). */
  tests?: TestsSection;
  /** Keys only, in the order sent; values never reach the summary. */
  envKeys: string[];
  notes?: string[];
}

/** What the reporter knows when the run is over. */
export interface SummaryInput {
  outcome: Pick<Outcome, 'kind' | 'message'>;
  final: FinalView;
  kind: 'run' | 'build';
  settings: Settings;
  /** The run or build that was triggered or followed, once known. */
  trigger?: TriggerInfo;
  /** The pipeline's name as the log showed it. */
  pipeline?: string;
  /** What was kept of failed steps' logs, by step id. */
  logTails?: ReadonlyMap<string, StepLogFacts>;
  /** Where people see a step; without it, steps link to their logs. */
  stepUrl?: StepUrl;
  artifacts?: ArtifactFacts;
  tests?: TestFacts;
}

export { SUMMARY_LIMITS, type AttemptRow, type Inline, type LinkInline, type StateMark, type SummaryField };

export interface StepRow {
  order: number;
  name: string;
  state: StateMark;
  duration?: string;
  /** The step's page for people, when known. */
  page?: LinkInline;
  log?: LinkInline;
  artifacts?: LinkInline;
  /** When not every row fits, the steps that did not pass are the ones worth keeping. */
  keep: boolean;
}

export interface WorkflowRow {
  name: string;
  status: string;
  state: StateMark;
  runId?: string;
}

export type SummarySection =
  | { kind: 'steps'; title: string; rows: StepRow[] }
  | FailuresSection
  | { kind: 'attempts'; title: string; rows: AttemptRow[] }
  | { kind: 'artifacts'; title: string; rows: ArtifactRow[] }
  | TestsSection
  | { kind: 'workflow'; title: string; id: string; rows: WorkflowRow[] }
  | { kind: 'env'; title: string; keys: string[] }
  | { kind: 'notes'; title: string; items: string[] };

export interface SummaryDoc {
  /** The facts it was laid out from. */
  data: SummaryData;
  title: OutcomeMark;
  /** In display order; fields without a value are left out. */
  fields: SummaryField[];
  /** In display order. */
  sections: SummarySection[];
}

export function buildSummary(input: SummaryInput): SummaryDoc {
  const { baseUrl, logOrigins } = input.settings;
  return summaryDoc(summaryData(input), [new URL(baseUrl).origin, ...logOrigins]);
}

/** A step as the API returned it, in the summary's shape, with its page and what was kept of its log. */
export function toSummaryStep(
  step: Step,
  extra: { webUrl?: string | undefined; logTail?: StepLogFacts | undefined } = {},
): SummaryStep {
  const durationMs = elapsedMs(step.startedAt, step.finishedAt);
  return {
    id: step.id,
    order: step.order,
    name: step.name,
    status: step.status,
    result: step.result,
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(step.logUrl !== undefined ? { logUrl: step.logUrl } : {}),
    ...(step.artifactsUrl !== undefined ? { artifactsUrl: step.artifactsUrl } : {}),
    ...(extra.webUrl !== undefined ? { webUrl: extra.webUrl } : {}),
    ...(extra.logTail !== undefined ? { logTail: extra.logTail } : {}),
  };
}

/** The facts, preferring what the server reported over what the settings asked for. */
function summaryData(input: SummaryInput): SummaryData {
  const { outcome, final, kind, settings, trigger, pipeline } = input;
  const resource = final.resource ?? trigger?.resource;
  const target = settings.target;
  const durationMs = elapsedMs(resource?.startedAt, resource?.finishedAt);
  const branch = resource?.branch ?? settings.branch;
  const commit = resource?.commitHash ?? settings.commit;
  const message = resource?.message ?? settings.message;
  const sourceRunId =
    (resource && 'sourceRunId' in resource ? resource.sourceRunId : undefined) ?? settings.sourceRunId;
  const application =
    target.kind === 'application' || target.kind === 'pipeline'
      ? `${target.owner}/${target.application}`
      : settings.application
        ? `${settings.application.owner}/${settings.application.name}`
        : target.kind === 'application-id'
          ? target.applicationId
          : undefined;
  const notes = [outcome.message, ...(final.abort ? [final.abort.message] : [])];
  const attempts = summaryAttempts(final);
  return {
    outcome: outcome.kind,
    kind,
    ...(trigger
      ? {
          id: trigger.ref.id,
          apiUrl: trigger.ref.url,
          ...(trigger.web.isPage ? { webUrl: trigger.web.url } : {}),
        }
      : {}),
    target: {
      ...(pipeline ? { pipeline } : {}),
      ...(application ? { application } : {}),
      ...(branch ? { branch } : {}),
      ...(commit ? { commit } : {}),
      ...(message ? { message } : {}),
      ...(sourceRunId ? { sourceRunId } : {}),
    },
    ...(resource?.startedAt ? { startedAt: resource.startedAt } : {}),
    ...(resource?.finishedAt ? { finishedAt: resource.finishedAt } : {}),
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(resource ? { status: resource.status, result: resource.result } : {}),
    ...(resource?.progress !== undefined ? { progress: resource.progress } : {}),
    steps: [...final.steps]
      .sort((a, b) => a.order - b.order)
      .map((step) =>
        toSummaryStep(step, { webUrl: input.stepUrl?.(step.id), logTail: input.logTails?.get(step.id) }),
      ),
    ...(final.workflow
      ? {
          workflow: {
            id: final.workflow.id,
            items: final.workflow.items.map((item) => ({
              name: item.targetName ?? item.pipelineId ?? item.id,
              status: item.status,
              result: item.result,
              ...(item.runId ? { runId: item.runId } : {}),
            })),
          },
        }
      : {}),
    ...(attempts ? { attempts } : {}),
    ...optionalField('artifacts', summaryArtifacts(input.artifacts, settings.artifacts.path)),
    ...optionalField('tests', testsSection(input.tests)),
    envKeys: settings.envVars.map((pair) => pair.key),
    notes,
  };
}

/**
 * The layout: every field and section the summary can show, once, in order. Links off `apiOrigin`
 * (all of them when it is not given) lose their query and fragment; step pages, of our own making, keep theirs.
 */
export function summaryDoc(data: SummaryData, origins?: readonly string[]): SummaryDoc {
  const link: Linker = (url, label) => serverLink(url, origins, label);
  const { target } = data;
  const kind = data.kind === 'build' ? 'Build' : 'Run';
  const duration = data.durationMs ?? elapsedMs(data.startedAt, data.finishedAt);
  const state = stateWords(data);
  const fields: Array<[string, Array<Inline | undefined>]> = [
    ['Pipeline', [text(target.pipeline)]],
    ['Application', [text(target.application)]],
    [
      kind,
      [
        code(data.id),
        data.webUrl !== undefined
          ? ourLink(data.webUrl)
          : data.apiUrl === undefined
            ? undefined
            : serverLink(data.apiUrl, undefined),
      ],
    ],
    ['Branch', [code(target.branch)]],
    ['Commit', [target.commit === undefined ? undefined : { kind: 'commit', hash: target.commit }]],
    ['Message', [text(target.message, SUMMARY_LIMITS.message, true)]],
    ['Chained from run', [code(target.sourceRunId)]],
    ['State', [text(state)]],
    ['Started', [words(formatDate(data.startedAt))]],
    ['Finished', [words(formatDate(data.finishedAt))]],
    ['Duration', [words(duration === undefined ? undefined : formatDuration(duration))]],
  ];
  return {
    data,
    title: {
      icon: outcomeIcon(data.outcome),
      word: `${kind} ${outcomeWord(data.outcome)}`,
      tone: data.outcome,
    },
    fields: fields
      .map(([label, parts]) => ({ label, value: parts.filter((part) => part !== undefined) }))
      .filter((field) => field.value.length > 0),
    sections: sections(data, link),
  };
}

/** A URL the server sent: undefined when it is on none of the allowed origins. */
type Linker = (url: string, label?: string) => LinkInline | undefined;

function sections(data: SummaryData, link: Linker): SummarySection[] {
  const notes = data.notes ?? [];
  return [
    ...(data.attempts
      ? [
          {
            kind: 'attempts' as const,
            title: 'Attempts',
            rows: data.attempts.map(attemptRow),
          },
        ]
      : []),
    {
      kind: 'steps',
      title: data.attempts ? `Steps of attempt ${data.attempts.length}` : 'Steps',
      rows: [...data.steps].sort((a, b) => a.order - b.order).map((step) => stepRow(step, link)),
    },
    ...optional(
      failuresSection(data.steps, (step) =>
        step.webUrl
          ? ourLink(step.webUrl, 'Open the step')
          : step.logUrl
            ? link(step.logUrl, 'Full log')
            : undefined,
      ),
    ),
    ...optional(data.tests),
    ...(data.artifacts
      ? [{ kind: 'artifacts' as const, title: 'Artifacts', rows: data.artifacts.map(artifactRow) }]
      : []),
    ...(data.workflow
      ? [
          {
            kind: 'workflow' as const,
            title: 'Workflow',
            id: data.workflow.id,
            rows: data.workflow.items.map(workflowRow),
          },
        ]
      : []),
    { kind: 'env', title: 'Environment variables', keys: data.envKeys },
    ...(notes.length > 0 ? [{ kind: 'notes' as const, title: 'Notes', items: notes }] : []),
  ];
}

function stepRow(step: SummaryStep, link: Linker): StepRow {
  const finished = step.status === 'finished';
  return {
    order: step.order,
    name: step.name,
    state: {
      icon: finished ? resultIcon(step.result) : '…',
      word: (finished ? step.result : step.status) || 'unknown',
      tone: finished ? step.result : step.status,
    },
    ...(step.durationMs !== undefined ? { duration: formatDuration(step.durationMs) } : {}),
    ...(step.webUrl ? { page: ourLink(step.webUrl, 'page') } : {}),
    ...optionalField('log', step.logUrl ? link(step.logUrl, 'log') : undefined),
    ...optionalField('artifacts', step.artifactsUrl ? link(step.artifactsUrl, 'artifacts') : undefined),
    keep: step.result !== 'passed',
  };
}

const optionalField = <K extends string, T>(key: K, value: T | undefined): Partial<Record<K, T>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, T>);

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

function workflowRow(item: SummaryWorkflowItem): WorkflowRow {
  return {
    name: item.name,
    status: item.status,
    state: { icon: resultIcon(item.result), word: item.result, tone: item.result },
    ...(item.runId !== undefined ? { runId: item.runId } : {}),
  };
}

function formatDate(date: Date | undefined): string | undefined {
  if (!date || !Number.isFinite(date.getTime())) return undefined;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `finished, result failed, 100%`. */
function stateWords(data: SummaryData): string | undefined {
  const parts = [
    data.status,
    data.result !== undefined ? `result ${data.result}` : undefined,
    data.progress !== undefined && Number.isFinite(data.progress)
      ? `${Math.round(data.progress)}%`
      : undefined,
  ].filter((part): part is string => part !== undefined && part !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}
