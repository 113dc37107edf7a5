// Check runs: create, update (annotations append), get, list for a ref with GitHub's filters, and a run's
// annotations, oldest first.
import { noCommitFor, notFound } from '../errors.ts';
import { paginate } from '../paging.ts';
import type { Annotation, CheckRunRecord } from '../store.ts';
import type { FakeResponse, HandlerContext } from '../types.ts';
import { ACTIONS_APP_ID, annotationView, checkRunView } from '../views.ts';

type Body = Record<string, unknown>;

export function createCheckRun({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const body = call.body;
  const repo = store.repo(String(call.params.owner), String(call.params.repo));
  const headSha = store.resolve(String(body.head_sha));
  if (headSha === undefined) return noCommitFor(docs, String(body.head_sha));
  const now = store.now();
  const run: CheckRunRecord = {
    id: store.nextId('checkRun'),
    repo,
    suiteId: store.suiteId(repo, headSha),
    headSha,
    name: String(body.name),
    status: 'queued',
    conclusion: null,
    startedAt: (body.started_at as string | undefined) ?? now,
    completedAt: null,
    detailsUrl: (body.details_url as string | undefined) ?? null,
    externalId: (body.external_id as string | undefined) ?? '',
    output: { title: null, summary: null, text: null },
    annotations: [],
  };
  applyProgress(run, body, now);
  if (body.output !== undefined) applyOutput(run, body.output as Body);
  store.checkRuns.push(run);
  return { status: 201, body: checkRunView(urls, run) };
}

export function updateCheckRun(context: HandlerContext): FakeResponse {
  const run = findRun(context);
  if (!run) return notFound(context.docs);
  const body = context.call.body;
  if (typeof body.name === 'string') run.name = body.name;
  if (typeof body.details_url === 'string') run.detailsUrl = body.details_url;
  if (typeof body.external_id === 'string') run.externalId = body.external_id;
  if (typeof body.started_at === 'string') run.startedAt = body.started_at;
  applyProgress(run, body, context.store.now());
  if (body.output !== undefined) applyOutput(run, body.output as Body);
  return { status: 200, body: checkRunView(context.urls, run) };
}

export function getCheckRun(context: HandlerContext): FakeResponse {
  const run = findRun(context);
  return run ? { status: 200, body: checkRunView(context.urls, run) } : notFound(context.docs);
}

export function listCheckRunsForRef({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const repo = store.repo(String(call.params.owner), String(call.params.repo));
  const sha = store.resolve(String(call.params.ref));
  if (sha === undefined) return noCommitFor(docs, String(call.params.ref));
  const { check_name: name, status, filter, app_id: appId } = call.query;
  let runs = store.checkRuns.filter((run) => run.repo === repo && run.headSha === sha).toReversed();
  if (appId !== undefined && appId !== ACTIONS_APP_ID) runs = [];
  if (typeof name === 'string') runs = runs.filter((run) => run.name === name);
  if (typeof status === 'string') runs = runs.filter((run) => run.status === status);
  // "latest" (the default) keeps the most recent run of each name.
  if (filter !== 'all')
    runs = runs.filter((run, index) => runs.findIndex((r) => r.name === run.name) === index);
  const page = paginate(runs, call.query, call.url);
  return {
    status: 200,
    body: { total_count: runs.length, check_runs: page.items.map((run) => checkRunView(urls, run)) },
    headers: page.headers,
  };
}

export function listCheckRunAnnotations(context: HandlerContext): FakeResponse {
  const run = findRun(context);
  if (!run) return notFound(context.docs);
  const page = paginate(run.annotations, context.call.query, context.call.url);
  return {
    status: 200,
    body: page.items.map((annotation) => annotationView(context.urls, run, annotation)),
    headers: page.headers,
  };
}

function findRun({ store, call }: HandlerContext): CheckRunRecord | undefined {
  const repo = store.repo(String(call.params.owner), String(call.params.repo));
  return store.checkRuns.find((run) => run.id === call.params.check_run_id && run.repo === repo);
}

/** A conclusion completes the run; a status of queued or in_progress reopens it. */
function applyProgress(run: CheckRunRecord, body: Body, now: string): void {
  if (typeof body.conclusion === 'string') {
    run.status = 'completed';
    run.conclusion = body.conclusion;
    run.completedAt = (body.completed_at as string | undefined) ?? run.completedAt ?? now;
  } else if (typeof body.status === 'string' && body.status !== 'completed') {
    run.status = body.status;
    run.conclusion = null;
    run.completedAt = null;
  }
}

function applyOutput(run: CheckRunRecord, output: Body): void {
  if (typeof output.title === 'string') run.output.title = output.title;
  if (typeof output.summary === 'string') run.output.summary = output.summary;
  if (typeof output.text === 'string') run.output.text = output.text;
  if (Array.isArray(output.annotations)) run.annotations.push(...(output.annotations as Annotation[]));
}
