// What real clients of the service read, and the shapes they were written against. Evidence labels:
// REC recorded traffic (a Ruby gem's cassettes, 2017), FIX fixtures captured by client authors, CODE the
// official clients' code, INF inferred.
import { describe, expect, it } from 'vitest';
import { defaultWorld, startEmulator } from '../../src/emulator/index.ts';
import {
  call,
  DEMO,
  env,
  fileEmulator,
  get,
  IDS,
  keySet,
  OUTSIDER,
  sortedKeys,
  triggerRun,
  type ApiResponse,
  type Json,
} from './helpers.ts';
import { strictListProblems, strictMappingProblems } from './strict-mapper.ts';

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
    // The spec's build list items leave commitHash out; the real shapes add it.
    const list = (await get(emu, '/applications/acme/legacy/builds', DEMO)).body;
    expect(list[0]).not.toHaveProperty('commitHash');
  });
});

describe('the 2017 shape', () => {
  // Issue evidence [REC]: real clients were written against `werckerEmployee` and `type: "wercker"`.
  it('serves the real names and the real-only fields, and no serviceEmployee anywhere', async () => {
    emu.control.setQuirks({ shape: '2017' });
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
      // Whoever pushed has an empty meta.type and no flag (below); everyone else the flag.
      if (user.meta.type !== '') expect(user.meta.werckerEmployee).toBe(false);
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
    emu.control.setQuirks({ shape: 'spec' });
    const plain = (await get(emu, `/workflows?applicationId=${IDS.webapp}`)).body;
    const again = plain.find((workflow: Json) => workflow.items[0].data.runId === run.id);
    expect(again.items[1].data).not.toHaveProperty('runId');
  });

  // REC: the application embedded in a single workflow carries theme; FIX wercker4j getBuild, createBuild,
  // getDeploy: the application embedded in a build or a deploy carries updatedAt.
  it('gives the application in builds and deploys updatedAt, and the one in a workflow theme', async () => {
    const legacyUpdatedAt = defaultWorld.applications[1]!.updatedAt;
    const read = async () => {
      const trigger = await call(emu, 'POST', '/builds', {
        token: DEMO,
        body: { applicationId: IDS.legacy },
      });
      emu.control.advance(60_000);
      const build = (await get(emu, `/builds/${trigger.body.id}`, DEMO)).body;
      const [deploy] = (await get(emu, `/applications/acme/legacy/deploys?buildId=${build.id}`, DEMO)).body;
      const single = (await get(emu, `/deploys/${deploy.id}`, DEMO)).body;
      const [item] = (await get(emu, `/workflows?applicationId=${IDS.webapp}&limit=1`)).body;
      const workflow = (await get(emu, `/workflows/${item.id}`)).body;
      return [trigger.body.application, build.application, single.application, workflow.application];
    };
    emu.control.setQuirks({ shape: '2017' });
    const [triggered, built, deployed, inWorkflow] = await read();
    for (const app of [triggered, built, deployed]) expect(app.updatedAt).toBe(legacyUpdatedAt);
    expect(inWorkflow.theme).toEqual(expect.any(String));
    emu.control.reset();
    const spec = await read();
    for (const app of spec.slice(0, 3)) expect(app).not.toHaveProperty('updatedAt');
    expect(spec[3]).not.toHaveProperty('theme');
  });

  // REC run, application_runs, application_workflow: the user of a run a push started (and of the runs it
  // chained, and of its workflow) has `meta: {username, type: ""}`, with no employee flag.
  it('shows whoever pushed with an empty meta.type and no employee flag', async () => {
    emu.control.setQuirks({ shape: '2017' });
    const pushed = emu.control.runs().find((run) => run.pipelineName === 'build')!;
    const chained = emu.control.runs().find((run) => run.sourceRunId === pushed.id)!;
    const pushedRun = (await get(emu, `/runs/${pushed.id}`, DEMO)).body;
    const chainedRun = (await get(emu, `/runs/${chained.id}`, DEMO)).body;
    const workflow = (await get(emu, `/workflows/${pushed.workflowId}`)).body;
    for (const user of [pushedRun.user, chainedRun.user, chainedRun.sourceRun.user, workflow.user]) {
      expect(user.meta).toEqual({ username: 'demo', type: '' });
      expect(user.type).toBe('wercker');
    }
    // A run triggered through the API keeps meta.type and the flag.
    const api = await triggerRun(emu, { pipelineId: IDS.build });
    expect(api.user.meta).toEqual({ username: 'demo', werckerEmployee: false, type: 'user' });
  });

  it('is what realNames, its earlier name, sets; realNames false goes back to spec', async () => {
    emu.control.setQuirks({ realNames: true });
    expect(emu.control.quirks().shape).toBe('2017');
    emu.control.setQuirks({ realNames: false });
    expect(emu.control.quirks().shape).toBe('spec');
    emu.control.setQuirks({ shape: '2016' });
    emu.control.setQuirks({ realNames: false });
    expect(emu.control.quirks().shape).toBe('2016');
    const put = await call(emu, 'PUT', '/_emulator/quirks', { body: { realNames: true } });
    expect(put.body.shape).toBe('2017');
    const bad = await call(emu, 'PUT', '/_emulator/quirks', { body: { shape: '2015' } });
    expect(bad.status).toBe(400);
    const started = await startEmulator({ speed: 0, quirks: { realNames: true } });
    try {
      expect(started.control.quirks().shape).toBe('2017');
      expect((await get(started, '/applications/acme/webapp')).body.owner.meta).toHaveProperty(
        'werckerEmployee',
      );
    } finally {
      await started.close();
    }
  });
});

describe('the 2016 shape', () => {
  // FIX wercker4j (2016): the Java client maps every body strictly, failing on a property its classes do
  // not have (`meta.type`, `theme`, `badgeKey`, `settings` came later). Its seven calls that the emulator
  // serves, each read into the class the client reads it into, and each with the fields of the client's
  // own fixture for that call.
  it('answers the Java client’s calls in bodies its strict mapper reads, with its fixtures’ fields', async () => {
    const classic = defaultWorld.applications[1]!;
    const calls = async () => {
      const created = await call(emu, 'POST', '/builds', {
        token: DEMO,
        body: { applicationId: IDS.legacy },
      });
      emu.control.advance(60_000);
      const build = await get(emu, `/builds/${created.body.id}`, DEMO);
      const deploys = await get(emu, `/applications/acme/legacy/deploys?buildId=${created.body.id}`, DEMO);
      return {
        getApplications: [await get(emu, '/applications/acme', DEMO), 'ApplicationSummary[]'],
        getApplication: [await get(emu, '/applications/acme/legacy', DEMO), 'Application'],
        createBuild: [created, 'Build'],
        getBuilds: [await get(emu, '/applications/acme/legacy/builds', DEMO), 'BuildSummary[]'],
        getBuild: [build, 'Build'],
        getDeploys: [deploys, 'DeploySummary[]'],
        getDeploy: [await get(emu, `/deploys/${deploys.body[0].id}`, DEMO), 'Deploy'],
      } as Record<string, [ApiResponse, string]>;
    };
    const problemsOf = (answers: Record<string, [ApiResponse, string]>) =>
      Object.entries(answers).flatMap(([name, [res, className]]) =>
        (className.endsWith('[]')
          ? strictListProblems(res.body, className.slice(0, -2))
          : strictMappingProblems(res.body, className)
        ).map((problem) => `${name} ${problem}`),
      );
    // Neither the spec's shape nor the 2017 one can be read by it.
    expect(problemsOf(await calls())).toContain(
      'getApplications $[0].owner.meta.type: unknown property of Meta',
    );
    emu.control.reset();
    emu.control.setQuirks({ shape: '2017' });
    expect(problemsOf(await calls())).toContain('getApplication $.theme: unknown property of Application');
    emu.control.reset();
    emu.control.setQuirks({ shape: '2016' });
    const answers = await calls();
    for (const [name, [res]] of Object.entries(answers)) expect(res.status, name).toBe(200);
    expect(problemsOf(answers)).toEqual([]);
    // The fixtures' fields, every one there (the client's own tests read them all).
    const fixture = {
      user: keySet('type', 'name', 'avatar', 'userId', 'meta'),
      meta: keySet('username', 'werckerEmployee'),
      summary: keySet('id', 'url', 'name', 'owner', 'createdAt', 'updatedAt', 'privacy', 'stack'),
      build: keySet('id', 'url', 'branch', 'commitHash', 'createdAt', 'finishedAt', 'message', 'progress')
        .concat('result', 'startedAt', 'status')
        .sort(),
      deploy: keySet('id', 'url', 'status', 'result', 'createdAt', 'progress'),
    };
    const body = (name: string) => answers[name]![0].body;
    const app = body('getApplication');
    expect(sortedKeys(app)).toEqual(
      fixture.summary.concat('builds', 'deploys', 'scm', 'ignoredBranches', 'allowedActions').sort(),
    );
    expect(sortedKeys(app.owner)).toEqual(fixture.user);
    expect(sortedKeys(app.owner.meta)).toEqual(fixture.meta);
    expect(app.updatedAt).toBe(classic.updatedAt);
    expect(sortedKeys(body('getApplications')[0])).toEqual(fixture.summary);
    expect(sortedKeys(body('getBuilds')[0])).toEqual(fixture.build);
    expect(sortedKeys(body('getBuild'))).toEqual(fixture.build.concat('application', 'envVars').sort());
    expect(sortedKeys(body('getBuild').application)).toEqual(fixture.summary);
    const created = fixture.build.filter((key) => key !== 'startedAt' && key !== 'finishedAt');
    expect(sortedKeys(body('createBuild'))).toEqual(created.concat('application', 'envVars').sort());
    expect(sortedKeys(body('getDeploys')[0])).toEqual(fixture.deploy);
    expect(sortedKeys(body('getDeploy'))).toEqual(fixture.deploy.concat('application', 'build').sort());
    expect(sortedKeys(body('getDeploy').build)).toEqual(fixture.build);
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
