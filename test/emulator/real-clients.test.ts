// What real clients of the service read, and the shapes they were written against. Evidence labels:
// REC recorded traffic (a Ruby gem's cassettes, 2017), FIX fixtures captured by client authors, CODE the
// official clients' code, INF inferred.
import { describe, expect, it } from 'vitest';
import { defaultWorld, startEmulator } from '../../src/emulator/index.ts';
import { call, DEMO, env, fileEmulator, get, IDS, OUTSIDER, triggerRun, type Json } from './helpers.ts';

const emu = await fileEmulator();

/** Every user object of a body, wherever it is. */
function usersIn(value: Json, found: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const item of value) usersIn(item, found);
  else if (value && typeof value === 'object') {
    if ('userId' in value && 'meta' in value) found.push(value);
    for (const child of Object.values(value)) usersIn(child, found);
  }
  return found;
}

describe('runs', () => {
  // CODE: the official Go client's run models read `tag`, which POST /runs takes.
  it('echo the tag they were triggered with, in every view', async () => {
    const trigger = await triggerRun(emu, { pipelineId: IDS.build, tag: 'release-1' });
    expect(trigger.tag).toBe('release-1');
    expect((await get(emu, `/runs/${trigger.id}`, DEMO)).body.tag).toBe('release-1');
    const list = (await get(emu, `/runs?pipelineId=${IDS.build}&tag=release-1`)).body;
    expect(list.map((run: Json) => [run.id, run.tag])).toEqual([[trigger.id, 'release-1']]);
    emu.control.advance(1000);
    const aborted = await call(emu, 'PUT', `/runs/${trigger.id}/abort`, { token: DEMO, body: {} });
    expect(aborted.body.tag).toBe('release-1');
    const plain = await triggerRun(emu, { pipelineId: IDS.build });
    expect(plain).not.toHaveProperty('tag');
    emu.control.setQuirks({ goTriggerResponse: true });
    expect((await triggerRun(emu, { pipelineId: IDS.build, tag: 'go' })).tag).toBe('go');
  });

  // REC run, run_pipeline, abort_run: single runs and the abort answer carry `pullRequest: {}`; the run
  // started by a push lists its commits, one triggered through the API `[]`.
  it('carry pullRequest {} and, when a push started them, the pushed commits', async () => {
    const api = await triggerRun(emu, { pipelineId: IDS.build });
    const single = (await get(emu, `/runs/${api.id}`, DEMO)).body;
    expect(single).toMatchObject({ pullRequest: {}, commits: [] });
    // The default world's history: a build pushed 2 h ago on main, and the deploy it chained.
    const history = emu.control.runs().filter((run) => run.pipelineName === 'build' || run.sourceRunId);
    const pushed = history.find((run) => run.pipelineName === 'build')!;
    const chained = history.find((run) => run.sourceRunId === pushed.id)!;
    for (const id of [pushed.id, chained.id]) {
      const run = (await get(emu, `/runs/${id}`, DEMO)).body;
      expect(run.commits).toEqual([
        {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          commit: pushed.commitHash,
          message: pushed.message,
          by: 'Demo User',
        },
      ]);
    }
    const list = (await get(emu, `/runs?pipelineId=${IDS.build}`)).body;
    expect(list.some((run: Json) => 'commits' in run || 'pullRequest' in run)).toBe(false);
  });
});

describe('applications', () => {
  // REC fetch_application: `settings {privacy, stack, ignoredBranches}` (the Ruby gem's own check of
  // ignored branches reads it); the PHP SDK reads the top-level fields, which stay.
  it('carry settings with the same values as the top-level fields', async () => {
    await call(emu, 'PATCH', '/applications/acme/webapp', {
      token: DEMO,
      body: { ignoredBranches: ['wip'] },
    });
    const app = (await get(emu, '/applications/acme/webapp')).body;
    expect(app.settings).toEqual({
      privacy: app.privacy,
      stack: app.stack,
      ignoredBranches: app.ignoredBranches,
    });
    expect(app.settings).toEqual({ privacy: 'public', stack: 6, ignoredBranches: ['wip'] });
  });

  // REC fetch_application: badgeKey, theme, allowedActions and scm.domain; the PATCH answer has no
  // allowedActions. Members may do more than other readers.
  it('carry badgeKey, theme, allowedActions and scm.domain', async () => {
    const app = (await get(emu, '/applications/acme/webapp', DEMO)).body;
    expect(app.badgeKey).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof app.theme).toBe('string');
    expect(app.scm).toEqual({ repository: 'webapp', owner: 'acme', type: 'git', domain: 'github.com' });
    expect(app.allowedActions).toEqual(expect.arrayContaining(['read_project', 'create_run', 'abort_run']));
    const outsider = (await get(emu, '/applications/acme/webapp', OUTSIDER)).body;
    expect(outsider.allowedActions).toContain('read_project');
    expect(outsider.allowedActions).not.toContain('create_run');
    expect(outsider.badgeKey).toBe(app.badgeKey);
  });
});

describe('users', () => {
  // REC: user objects carry meta.type, `user` or `organization`.
  it('carry meta.type', async () => {
    const app = (await get(emu, '/applications/acme/webapp')).body;
    expect(app.owner.meta).toMatchObject({ username: 'acme', type: 'organization', serviceEmployee: false });
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    expect(run.user.meta).toMatchObject({ username: 'demo', type: 'user' });
  });
});

describe('workflows', () => {
  // REC application_workflow, FIX othman853: git-triggered workflows carry data.scm.
  it('triggered by git carry data.scm', async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.build });
    const [workflow] = (await get(emu, `/workflows?applicationId=${IDS.webapp}&limit=1`)).body;
    expect(workflow.items[0].data.runId).toBe(run.id);
    expect(workflow.data.scm).toEqual({
      type: 'git',
      owner: 'acme',
      domain: 'github.com',
      repository: 'webapp',
    });
  });
});

describe('builds and deploys', () => {
  // FIX wercker4j: envVars on the build and its trigger answer; commitHash on a deploy's embedded build.
  it('carry envVars on the build and its trigger answer, and commitHash on a deploy’s build', async () => {
    const trigger = await call(emu, 'POST', '/builds', {
      token: DEMO,
      body: { applicationId: IDS.legacy, envVars: env({ A: '1' }) },
    });
    expect(trigger.body.envVars).toEqual([{ key: 'A', value: '1' }]);
    expect((await get(emu, `/builds/${trigger.body.id}`, DEMO)).body.envVars).toEqual([
      { key: 'A', value: '1' },
    ]);
    emu.control.advance(60_000);
    const [deploy] = (await get(emu, `/applications/acme/legacy/deploys?buildId=${trigger.body.id}`, DEMO))
      .body;
    const single = (await get(emu, `/deploys/${deploy.id}`, DEMO)).body;
    expect(single.build.commitHash).toBe(trigger.body.commitHash);
    // The spec's build list items leave commitHash out; realNames adds it.
    const list = (await get(emu, '/applications/acme/legacy/builds', DEMO)).body;
    expect(list[0]).not.toHaveProperty('commitHash');
  });
});

describe('the realNames quirk', () => {
  // Issue evidence [CODE]: the Java client's strict mapping fails on `serviceEmployee`; real clients were
  // written against `werckerEmployee` and `type: "wercker"`.
  it('serves the real names and the real-only fields, and no serviceEmployee anywhere', async () => {
    emu.control.setQuirks({ realNames: true });
    const run = await triggerRun(emu, { pipelineId: IDS.build, envVars: env({ EMULATOR_RESULT: 'failed' }) });
    emu.control.advance(60_000);
    await call(emu, 'POST', '/builds', { token: DEMO, body: { applicationId: IDS.legacy } });
    const bodies: Json[] = [];
    for (const path of [
      '/applications/acme',
      '/applications/acme/webapp',
      '/applications/acme/legacy/builds',
      '/applications/acme/legacy/deploys',
      `/runs/${run.id}`,
      `/runs?pipelineId=${IDS.build}`,
      `/workflows?applicationId=${IDS.webapp}`,
    ]) {
      const res = await get(emu, path, DEMO);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('serviceEmployee');
      bodies.push(res.body);
    }
    const users = usersIn(bodies);
    expect(users.length).toBeGreaterThanOrEqual(10);
    for (const user of users) {
      expect(user.type).toBe('wercker');
      expect(user.meta.werckerEmployee).toBe(false);
    }
    const [list, detail, builds, , , , workflows] = bodies;
    // REC fetch_applications: list items with updatedAt and theme; REC fetch_application: updatedAt.
    expect(list[0]).toMatchObject({ updatedAt: expect.any(String), theme: expect.any(String) });
    expect(detail.updatedAt).toBe(defaultWorld.applications[0]!.updatedAt);
    // FIX wercker4j: build list items with commitHash.
    expect(builds[0].commitHash).toMatch(/^[0-9a-f]{40}$/);
    // REC application_runner: an item that never started has `runId: null` (a captured stub omits it).
    const failed = workflows.find((workflow: Json) => workflow.items[0].data.runId === run.id);
    expect(failed.items[1].data).toHaveProperty('runId', null);
    emu.control.setQuirks({ realNames: false });
    const plain = (await get(emu, `/workflows?applicationId=${IDS.webapp}`)).body;
    const again = plain.find((workflow: Json) => workflow.items[0].data.runId === run.id);
    expect(again.items[1].data).not.toHaveProperty('runId');
  });
});

describe('authentication', () => {
  // CODE/DOC: the official Go clients send Basic auth when given a username and password; it "only works
  // for a few endpoints". Public reads answer it as they answer anonymous requests.
  it('takes Basic auth as no token: public reads answer, private ones and writes ask for a token', async () => {
    const basic = { authorization: `Basic ${Buffer.from('demo:secret').toString('base64')}` };
    const publicRead = await call(emu, 'GET', '/applications/acme/webapp', { headers: basic });
    expect(publicRead.status).toBe(200);
    const list = await call(emu, 'GET', '/applications/acme', { headers: basic });
    expect(list.body.map((app: Json) => app.name)).not.toContain('legacy');
    const privateRead = await call(emu, 'GET', '/applications/acme/legacy', { headers: basic });
    expect([privateRead.status, privateRead.body.message]).toEqual([401, 'Authentication required']);
    const write = await call(emu, 'POST', '/runs', { headers: basic, body: { pipelineId: IDS.build } });
    expect([write.status, write.body.message]).toEqual([401, 'Authentication required']);
  });
});

describe('the lenientTriggerBody quirk', () => {
  // INF: real clients sent `sourceRun` (the PHP SDK) and `targetId` (an early werckerclient); the real
  // trigger endpoint most likely ignored them. The strict default stays.
  it('ignores keys POST /runs does not know; without it they are a 400', async () => {
    const body = { pipelineId: IDS.build, sourceRun: 'x', targetId: 'y', branch: 'develop' };
    expect((await call(emu, 'POST', '/runs', { token: DEMO, body })).status).toBe(400);
    emu.control.setQuirks({ lenientTriggerBody: true });
    const res = await call(emu, 'POST', '/runs', { token: DEMO, body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ branch: 'develop' });
    expect(res.body).not.toHaveProperty('sourceRun');
    const bad = await call(emu, 'POST', '/runs', { token: DEMO, body: { pipelineId: 7, targetId: 'y' } });
    expect(bad.status).toBe(400);
  });

  it('is off by default, and can be set at start', async () => {
    const lenient = await startEmulator({ speed: 0, quirks: { lenientTriggerBody: true } });
    try {
      const res = await call(lenient, 'POST', '/runs', {
        token: DEMO,
        body: { pipelineId: IDS.build, targetId: 'y' },
      });
      expect(res.status).toBe(200);
    } finally {
      await lenient.close();
    }
  });
});
