// A GITHUB_EVENT_PATH file from @octokit/webhooks-examples (GitHub's documented example payloads), and the
// values a workflow run would see with it. The package has no pull_request_target example: GitHub sends the
// same payload shape for it as for pull_request, so its file is the pull_request "opened" example.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const EVENT_NAMES = ['pull_request', 'pull_request_target', 'push', 'workflow_dispatch'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** workflow_dispatch payloads carry no commit; the run's GITHUB_SHA is the ref's head, this one here. */
export const WORKFLOW_DISPATCH_SHA = '4d9e6f0c2b8a1e7d3c5f9b0a6e2d8c4f1a7b3e95';
/** GITHUB_SHA of a pull_request run: the test merge commit, never the head (the example's is null). */
export const PULL_REQUEST_MERGE_SHA = '9c1f3e5a7b2d4f6081a3c5e7d9b1f3a5c7e9d0b2';

export interface EventFile {
  path: string;
  eventName: EventName;
  /** The commit a report belongs on: pull_request.head.sha for PR events, `after` for push. */
  headSha: string;
  /** owner/repo. */
  repository: string;
  /** What a run of this event sees: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_SHA, GITHUB_REF, ... */
  env: Record<string, string>;
}

export interface EventOptions {
  /** Default: a new temporary directory. */
  dir?: string;
  /** owner/repo, replacing the example's. */
  repository?: string;
  /** Replaces the example's head commit (pull_request.head.sha, push's `after`, workflow_dispatch's sha). */
  headSha?: string;
  /** owner/repo of a fork the pull request comes from (pull request events only); default the base repository. */
  fork?: string;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Definition {
  name: string;
  examples: Json[];
}

const require = createRequire(import.meta.url);

export function writeEventPayload(eventName: EventName, options: EventOptions = {}): EventFile {
  if (!EVENT_NAMES.includes(eventName)) throw new RangeError(`no example for event "${String(eventName)}"`);
  const payload = structuredClone(example(eventName));
  if (options.repository !== undefined) setRepository(payload, options.repository);
  if (options.headSha !== undefined) setHeadSha(payload, eventName, options.headSha);
  if (options.fork !== undefined) setFork(payload, eventName, options.fork);
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'fake-github-event-'));
  const path = join(dir, `${eventName}.json`);
  writeFileSync(path, `${JSON.stringify(payload, null, 2)}\n`);
  const repository = payload.repository.full_name as string;
  const run = runValues(eventName, payload, options.headSha ?? WORKFLOW_DISPATCH_SHA);
  return {
    path,
    eventName,
    headSha: run.headSha,
    repository,
    env: {
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: path,
      GITHUB_REPOSITORY: repository,
      GITHUB_REPOSITORY_OWNER: repository.split('/')[0]!,
      GITHUB_SHA: run.sha,
      GITHUB_REF: run.ref,
      ...run.extra,
    },
  };
}

function example(eventName: EventName): Json {
  const definitions = require('@octokit/webhooks-examples') as Definition[];
  const named = (name: string) => definitions.find((definition) => definition.name === name)?.examples ?? [];
  const found =
    eventName === 'push'
      ? named('push').find((p) => String(p.ref).startsWith('refs/heads/') && !p.deleted)
      : eventName === 'workflow_dispatch'
        ? named('workflow_dispatch').find((p) => typeof p.ref === 'string')
        : named('pull_request').find((p) => p.action === 'opened');
  if (!found) throw new Error(`@octokit/webhooks-examples has no usable ${eventName} example`);
  return found;
}

interface RunValues {
  headSha: string;
  sha: string;
  ref: string;
  extra: Record<string, string>;
}

function runValues(eventName: EventName, payload: Json, dispatchSha: string): RunValues {
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const pr = payload.pull_request;
      const extra = { GITHUB_HEAD_REF: String(pr.head.ref), GITHUB_BASE_REF: String(pr.base.ref) };
      return eventName === 'pull_request'
        ? {
            headSha: pr.head.sha,
            sha: pr.merge_commit_sha ?? PULL_REQUEST_MERGE_SHA,
            ref: `refs/pull/${pr.number}/merge`,
            extra,
          }
        : { headSha: pr.head.sha, sha: pr.base.sha, ref: `refs/heads/${pr.base.ref}`, extra };
    }
    case 'push':
      return { headSha: payload.after, sha: payload.after, ref: payload.ref, extra: {} };
    case 'workflow_dispatch':
      return { headSha: dispatchSha, sha: dispatchSha, ref: payload.ref, extra: {} };
  }
}

function ownerAndName(fullName: string, what: string): [owner: string, name: string] {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(fullName);
  if (!match) throw new RangeError(`${what} must be owner/repo, not "${fullName}"`);
  return [match[1]!, match[2]!];
}

/** The head repository becomes a fork of the base one, as GitHub describes it: another id, name and owner. */
function setFork(payload: Json, eventName: EventName, fullName: string): void {
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target')
    throw new RangeError(`only a pull request comes from a fork, not a ${eventName} event`);
  const [owner, name] = ownerAndName(fullName, 'fork');
  const { head, base } = payload.pull_request;
  const repo = structuredClone(base.repo);
  // Its URLs (html_url, clone_url, the API templates) name the fork too.
  const named = typeof base.repo.html_url === 'string' ? new URL(base.repo.html_url).pathname.slice(1) : '';
  for (const [key, value] of Object.entries(repo)) {
    if (typeof value === 'string' && named !== '') repo[key] = value.replaceAll(named, fullName);
  }
  repo.id = Number(base.repo.id) + 1_000_000;
  repo.node_id = `${String(base.repo.node_id)}F`;
  repo.full_name = fullName;
  repo.name = name;
  repo.fork = true;
  repo.owner = { ...repo.owner, login: owner, id: Number(repo.owner?.id ?? 0) + 1_000_000 };
  head.repo = repo;
  head.label = `${owner}:${String(head.ref)}`;
  head.user = { ...head.user, login: owner };
}

function setRepository(payload: Json, fullName: string): void {
  const [owner, name] = ownerAndName(fullName, 'repository');
  const repos = [payload.repository, payload.pull_request?.base?.repo, payload.pull_request?.head?.repo];
  const original = payload.repository.full_name;
  for (const repo of repos) {
    if (!repo || repo.full_name !== original) continue;
    repo.full_name = fullName;
    repo.name = name;
    if (repo.owner) repo.owner.login = owner;
  }
}

function setHeadSha(payload: Json, eventName: EventName, sha: string): void {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new RangeError(`headSha must be a full lowercase sha, not "${sha}"`);
  if (eventName === 'push') {
    payload.after = sha;
    if (payload.head_commit) payload.head_commit.id = sha;
  } else if (eventName !== 'workflow_dispatch') {
    payload.pull_request.head.sha = sha;
  }
}
