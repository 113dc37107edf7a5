import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EVENT_NAMES,
  PULL_REQUEST_MERGE_SHA,
  WORKFLOW_DISPATCH_SHA,
  writeEventPayload,
  type EventFile,
} from '../../tools/fake-github/events.ts';

const written: EventFile[] = [];
const write = (...args: Parameters<typeof writeEventPayload>) => {
  const file = writeEventPayload(...args);
  written.push(file);
  return file;
};
const payloadOf = (file: EventFile) => JSON.parse(readFileSync(file.path, 'utf8'));
afterAll(() => {
  for (const file of written) rmSync(dirname(file.path), { recursive: true, force: true });
});

describe('event payloads from @octokit/webhooks-examples', () => {
  it('pull_request: the head sha to report on, and the merge commit as GITHUB_SHA', () => {
    const file = write('pull_request');
    const payload = payloadOf(file);
    expect(payload.action).toBe('opened');
    expect(file).toMatchObject({
      eventName: 'pull_request',
      headSha: payload.pull_request.head.sha,
      repository: payload.repository.full_name,
    });
    expect(file.headSha).toMatch(/^[0-9a-f]{40}$/);
    expect(file.env).toMatchObject({
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: file.path,
      GITHUB_REPOSITORY: file.repository,
      GITHUB_SHA: PULL_REQUEST_MERGE_SHA,
      GITHUB_REF: `refs/pull/${payload.number}/merge`,
      GITHUB_HEAD_REF: payload.pull_request.head.ref,
      GITHUB_BASE_REF: payload.pull_request.base.ref,
    });
  });

  it('pull_request_target: the pull_request payload (the package has no example of its own), base as GITHUB_SHA', () => {
    const file = write('pull_request_target');
    const payload = payloadOf(file);
    expect(payload.pull_request).toBeDefined();
    expect(file.headSha).toBe(payload.pull_request.head.sha);
    expect(file.env).toMatchObject({
      GITHUB_EVENT_NAME: 'pull_request_target',
      GITHUB_SHA: payload.pull_request.base.sha,
      GITHUB_REF: `refs/heads/${payload.pull_request.base.ref}`,
    });
  });

  it('push: a branch push, `after` as the head', () => {
    const file = write('push');
    const payload = payloadOf(file);
    expect(payload.ref).toMatch(/^refs\/heads\//);
    expect(payload.deleted).toBe(false);
    expect(file.headSha).toBe(payload.after);
    expect(file.env).toMatchObject({ GITHUB_SHA: payload.after, GITHUB_REF: payload.ref });
  });

  it('workflow_dispatch: a fixed sha, since the payload names none', () => {
    const file = write('workflow_dispatch');
    const payload = payloadOf(file);
    expect(payload.inputs).toBeDefined();
    expect(file.headSha).toBe(WORKFLOW_DISPATCH_SHA);
    expect(file.env).toMatchObject({ GITHUB_SHA: WORKFLOW_DISPATCH_SHA, GITHUB_REF: payload.ref });
  });

  it.each(EVENT_NAMES)('%s: the repository and head sha can be replaced', (eventName) => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    const file = write(eventName, { repository: 'acme/webapp', headSha: sha });
    const payload = payloadOf(file);
    expect(file).toMatchObject({ repository: 'acme/webapp', headSha: sha });
    expect(payload.repository).toMatchObject({
      full_name: 'acme/webapp',
      name: 'webapp',
      owner: { login: 'acme' },
    });
    if (eventName.startsWith('pull_request')) expect(payload.pull_request.head.sha).toBe(sha);
    if (eventName === 'push') expect(payload).toMatchObject({ after: sha, head_commit: { id: sha } });
    expect(file.env.GITHUB_REPOSITORY_OWNER).toBe('acme');
  });

  it('a pull request from a fork: the head repository is another one, the base and the run stay', () => {
    const file = write('pull_request_target', { repository: 'acme/webapp', fork: 'mallory/webapp' });
    const payload = payloadOf(file);
    const { head, base } = payload.pull_request;
    expect(head.repo).toMatchObject({ full_name: 'mallory/webapp', name: 'webapp', fork: true });
    expect(head.repo.owner.login).toBe('mallory');
    expect(head.repo.id).not.toBe(base.repo.id);
    expect(head.repo.html_url).toContain('mallory/webapp');
    expect(head.label).toBe(`mallory:${head.ref}`);
    expect(base.repo.full_name).toBe('acme/webapp');
    expect(file).toMatchObject({ repository: 'acme/webapp', headSha: head.sha });
    expect(() => writeEventPayload('push', { fork: 'mallory/webapp' })).toThrow(/pull request/);
    expect(() => writeEventPayload('pull_request', { fork: 'mallory' })).toThrow(/owner\/repo/);
  });

  it('refuses a repository that is not owner/repo and a sha that is not a full one', () => {
    expect(() => writeEventPayload('push', { repository: 'webapp' })).toThrow(/owner\/repo/);
    expect(() => writeEventPayload('push', { headSha: 'abc123' })).toThrow(/full lowercase sha/);
  });
});
