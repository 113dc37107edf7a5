// Commit statuses: create, list for a ref (newest first), and the combined status (the latest per context).
import { noCommitFor, validationFailed } from '../errors.ts';
import { paginate } from '../paging.ts';
import type { RepoRecord, StatusRecord, Store } from '../store.ts';
import type { HandlerContext, FakeResponse } from '../types.ts';
import { minimalRepository, repoApiUrl, simpleStatusView, statusView } from '../views.ts';

const MAX_STATUSES_PER_CONTEXT = 1000;

export function createCommitStatus({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const { owner, repo: name, sha } = call.params as Record<string, string>;
  const repo = store.repo(owner!, name!);
  const resolved = store.resolve(sha!);
  if (resolved === undefined) return noCommitFor(docs, sha!);
  const body = call.body;
  const context = typeof body.context === 'string' ? body.context : 'default';
  const earlier = store.statuses.filter(
    (s) => s.repo === repo && s.sha === resolved && s.context === context,
  );
  if (earlier.length >= MAX_STATUSES_PER_CONTEXT) {
    const message = 'This SHA and context has reached the maximum number of statuses.';
    return validationFailed(docs, 'Status', 'context', message);
  }
  const status: StatusRecord = {
    id: store.nextId('status'),
    repo,
    sha: resolved,
    state: body.state as string,
    description: (body.description as string | null | undefined) ?? null,
    targetUrl: (body.target_url as string | null | undefined) ?? null,
    context,
    createdAt: store.now(),
  };
  store.statuses.push(status);
  const view = statusView(urls, status);
  return { status: 201, body: view, headers: { location: view.url as string } };
}

export function listCommitStatusesForRef({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const found = statusesForRef(store, call.params);
  if (!found) return noCommitFor(docs, String(call.params.ref));
  const page = paginate(found.statuses.toReversed(), call.query, call.url);
  return { status: 200, body: page.items.map((s) => statusView(urls, s)), headers: page.headers };
}

export function getCombinedStatusForRef({ store, urls, call, docs }: HandlerContext): FakeResponse {
  const found = statusesForRef(store, call.params);
  if (!found) return noCommitFor(docs, String(call.params.ref));
  const latest = latestPerContext(found.statuses);
  const page = paginate(latest, call.query, call.url);
  const commitUrl = `${repoApiUrl(urls, found.repo)}/commits/${found.sha}`;
  return {
    status: 200,
    body: {
      state: combinedState(latest),
      statuses: page.items.map((s) => simpleStatusView(urls, s)),
      sha: found.sha,
      total_count: latest.length,
      repository: minimalRepository(urls, found.repo),
      commit_url: commitUrl,
      url: `${commitUrl}/status`,
    },
    headers: page.headers,
  };
}

/** The newest status of each context, newest first. */
export function latestPerContext(statuses: readonly StatusRecord[]): StatusRecord[] {
  const latest = new Map<string, StatusRecord>();
  for (const status of statuses.toReversed())
    if (!latest.has(status.context)) latest.set(status.context, status);
  return [...latest.values()];
}

/** failure if any context is error or failure; pending if any is pending, or there is none; else success. */
function combinedState(latest: readonly StatusRecord[]): string {
  if (latest.some((s) => s.state === 'error' || s.state === 'failure')) return 'failure';
  if (latest.length === 0 || latest.some((s) => s.state === 'pending')) return 'pending';
  return 'success';
}

interface StatusesForRef {
  repo: RepoRecord;
  sha: string;
  statuses: StatusRecord[];
}

function statusesForRef(store: Store, params: Record<string, unknown>): StatusesForRef | undefined {
  const repo = store.repo(String(params.owner), String(params.repo));
  const sha = store.resolve(String(params.ref));
  if (sha === undefined) return undefined;
  return { repo, sha, statuses: store.statuses.filter((s) => s.repo === repo && s.sha === sha) };
}
