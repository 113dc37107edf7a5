import { describe, expect, it } from 'vitest';
import {
  call,
  DEMO,
  fileEmulator,
  get,
  IDS,
  ISO_MS,
  keySet,
  OUTSIDER,
  sortedKeys,
  type Json,
} from './helpers.ts';

const emu = await fileEmulator();

const LIST_FIELDS = keySet('stack', 'privacy', 'createdAt', 'owner', 'name', 'url', 'id');
const names = (apps: Json[]) => apps.map((app) => app.name);

describe('GET /applications/:username', () => {
  it('carries only the list fields, sorted by name by default', async () => {
    const res = await get(emu, '/applications/acme', DEMO);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['docker-classic', 'legacy', 'webapp']);
    for (const app of res.body) {
      expect(sortedKeys(app)).toEqual(LIST_FIELDS);
      expect(app.url).toBe(`${emu.url}/api/v3/applications/acme/${app.name}`);
      expect(app.createdAt).toMatch(ISO_MS);
      expect(app.owner).toMatchObject({ userId: IDS.acme, name: 'Acme Inc.', meta: { username: 'acme' } });
    }
    expect(res.body.find((app: Json) => app.name === 'webapp')).toMatchObject({
      id: IDS.webapp,
      stack: 6,
      privacy: 'public',
    });
  });

  it('shows private applications only to a token that may see them', async () => {
    expect(names((await get(emu, '/applications/acme')).body)).toEqual(['docker-classic', 'webapp']);
    expect(names((await get(emu, '/applications/acme', OUTSIDER)).body)).toEqual([
      'docker-classic',
      'webapp',
    ]);
    expect(names((await get(emu, '/applications/demo', DEMO)).body)).toEqual(['sandbox']);
    expect(names((await get(emu, '/applications/demo')).body)).toEqual([]);
    expect(names((await get(emu, `/applications/acme?token=${DEMO}`)).body)).toContain('legacy');
  });

  it('filters by stack, sorts six ways, limits and skips', async () => {
    const list = async (query: string) => names((await get(emu, `/applications/acme?${query}`, DEMO)).body);
    expect(await list('stack=1')).toEqual(['legacy']);
    expect(await list('stack=6')).toEqual(['webapp']);
    expect(await list('stack=5')).toEqual(['docker-classic']);
    expect(await list('sort=nameDesc')).toEqual(['webapp', 'legacy', 'docker-classic']);
    expect(await list('sort=createdAtAsc')).toEqual(['legacy', 'docker-classic', 'webapp']);
    expect(await list('sort=createdAtDesc')).toEqual(['webapp', 'docker-classic', 'legacy']);
    expect(await list('sort=updatedAtAsc')).toEqual(['docker-classic', 'legacy', 'webapp']);
    expect(await list('sort=updatedAtDesc')).toEqual(['webapp', 'legacy', 'docker-classic']);
    expect(await list('limit=1&skip=1')).toEqual(['legacy']);
    expect(await list('limit=100')).toHaveLength(3);
    for (const bad of ['limit=0', 'limit=101', 'stack=2', 'sort=random', 'skip=-1']) {
      const res = await get(emu, `/applications/acme?${bad}`, DEMO);
      expect(res.status, bad).toBe(400);
      expect(res.body.statusCode).toBe(400);
    }
  });

  it('answers 404 for an unknown owner', async () => {
    expect((await get(emu, '/applications/nobody')).status).toBe(404);
  });
});

/** What the recorded application detail had besides the spec's fields [REC fetch_application]. */
const REAL_DETAIL_FIELDS = ['badgeKey', 'theme', 'allowedActions', 'settings'];

describe('GET /applications/:username/:application', () => {
  it('adds builds, deploys, scm and ignoredBranches', async () => {
    const res = await get(emu, '/applications/acme/webapp');
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(
      keySet(...LIST_FIELDS, 'builds', 'deploys', 'scm', 'ignoredBranches', ...REAL_DETAIL_FIELDS),
    );
    expect(res.body).toMatchObject({
      id: IDS.webapp,
      builds: `${emu.url}/api/v3/applications/acme/webapp/builds`,
      deploys: `${emu.url}/api/v3/applications/acme/webapp/deploys`,
      scm: { repository: 'webapp', owner: 'acme', type: 'git' },
      ignoredBranches: [],
    });
  });

  it('finds the owner whatever its case and answers urls in lower case', async () => {
    const res = await get(emu, '/applications/ACME/webapp');
    expect(res.body.url).toBe(`${emu.url}/api/v3/applications/acme/webapp`);
  });

  it('answers 404 for an unknown application', async () => {
    const res = await get(emu, '/applications/acme/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Application acme/nothing not found',
    });
  });
});

describe('PATCH /applications/:username/:application', () => {
  it('changes ignoredBranches and returns the updated application', async () => {
    const before = emu.control.now();
    emu.control.advance(1000);
    const res = await call(emu, 'PATCH', '/applications/acme/webapp', {
      token: DEMO,
      body: { ignoredBranches: ['gh-pages', 'wip'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.ignoredBranches).toEqual(['gh-pages', 'wip']);
    // The recorded PATCH answer has the detail's fields but allowedActions.
    expect(sortedKeys(res.body)).toEqual(
      keySet(
        ...LIST_FIELDS,
        'builds',
        'deploys',
        'scm',
        'ignoredBranches',
        ...REAL_DETAIL_FIELDS.filter((field) => field !== 'allowedActions'),
      ),
    );
    expect(res.body.settings).toEqual({ privacy: 'public', stack: 6, ignoredBranches: ['gh-pages', 'wip'] });
    expect((await get(emu, '/applications/acme/webapp')).body.ignoredBranches).toEqual(['gh-pages', 'wip']);
    const sorted = (await get(emu, '/applications/acme?sort=updatedAtDesc', DEMO)).body;
    expect(sorted[0].name).toBe('webapp');
    expect(before).toBeLessThan(emu.control.now());
  });

  it.each([
    [
      { ignoredBranches: Array.from({ length: 11 }, (_, i) => `b${i}`) },
      'ignoredBranches must contain less than or equal to 10 items',
    ],
    [{ ignoredBranches: ['a'], privacy: 'private' }, 'privacy is not allowed'],
    [{ ignoredBranches: [], stack: 1 }, 'stack is not allowed'],
    [{ stack: 1 }, 'ignoredBranches is required'],
    [{}, 'ignoredBranches is required'],
    [{ ignoredBranches: [1] }, 'ignoredBranches[0] must be a string'],
    [{ ignoredBranches: 'main' }, 'ignoredBranches must be an array'],
  ])('refuses %j', async (body, message) => {
    const res = await call(emu, 'PATCH', '/applications/acme/webapp', { token: DEMO, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('needs a token of a member', async () => {
    expect(
      (await call(emu, 'PATCH', '/applications/acme/webapp', { body: { ignoredBranches: [] } })).status,
    ).toBe(401);
    expect(
      (
        await call(emu, 'PATCH', '/applications/acme/webapp', {
          token: OUTSIDER,
          body: { ignoredBranches: [] },
        })
      ).status,
    ).toBe(403);
  });
});

describe('GET /applications/:username/:application/builds and /deploys', () => {
  it('list the build history with the list fields only', async () => {
    const res = await get(emu, '/applications/acme/legacy/builds', DEMO);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(res.body.map((build: Json) => build.result)).toEqual(['passed', 'failed', 'passed']);
    for (const build of res.body) {
      expect(sortedKeys(build)).toEqual(
        keySet(
          'status',
          'startedAt',
          'id',
          'url',
          'branch',
          'createdAt',
          'finishedAt',
          'message',
          'progress',
          'result',
        ),
      );
      expect(build.url).toBe(`${emu.url}/api/v3/builds/${build.id}`);
    }
  });

  it('filter, sort, limit and validate', async () => {
    const list = async (query: string) =>
      (await get(emu, `/applications/acme/legacy/builds?${query}`, DEMO)).body;
    expect((await list('result=failed')).map((build: Json) => build.message)).toEqual(['Try the new cache']);
    expect(await list('status=running')).toEqual([]);
    expect(await list('status=finished')).toHaveLength(3);
    expect(await list('branch=master')).toHaveLength(3);
    expect(await list('branch=other')).toEqual([]);
    expect(await list(`commit=${'f4e3d2c1b0a99887766554433221100ffeeddcc1'}`)).toHaveLength(3);
    expect(await list('stack=5')).toEqual([]);
    expect(await list('limit=1')).toHaveLength(1);
    const ascending = await list('sort=creationDateAsc');
    expect(Date.parse(ascending[0].createdAt)).toBeLessThan(Date.parse(ascending[2].createdAt));
    expect(await list('skip=2')).toHaveLength(1);
    const short = await get(emu, '/applications/acme/legacy/builds?commit=abc', DEMO);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('commit length must be at least 40 characters long');
    expect((await get(emu, `/applications/acme/legacy/builds?commit=${'a'.repeat(41)}`, DEMO)).status).toBe(
      400,
    );
    expect((await get(emu, '/applications/acme/legacy/builds?limit=21', DEMO)).status).toBe(400);
    expect((await get(emu, '/applications/acme/legacy/builds?status=done', DEMO)).body.message).toBe(
      'status must be one of notstarted, started, finished, running',
    );
  });

  it('list deploys made by passed builds, filtered by buildId', async () => {
    const builds = (await get(emu, '/applications/acme/legacy/builds', DEMO)).body;
    const res = await get(emu, '/applications/acme/legacy/deploys', DEMO);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    for (const deploy of res.body) {
      expect(sortedKeys(deploy)).toEqual(keySet('id', 'url', 'progress', 'createdAt', 'result', 'status'));
      expect(deploy).toMatchObject({ status: 'finished', result: 'passed', progress: 100 });
    }
    const newest = builds[0];
    const forNewest = (await get(emu, `/applications/acme/legacy/deploys?buildId=${newest.id}`, DEMO)).body;
    expect(forNewest).toHaveLength(1);
    const single = await get(emu, `/deploys/${forNewest[0].id}`, DEMO);
    expect(sortedKeys(single.body)).toEqual(
      keySet('id', 'url', 'progress', 'createdAt', 'result', 'status', 'build', 'application'),
    );
    expect(single.body.build.id).toBe(newest.id);
    expect((await get(emu, '/applications/acme/legacy/deploys?limit=0', DEMO)).status).toBe(400);
    expect((await get(emu, '/applications/acme/legacy/deploys?result=failed', DEMO)).body).toEqual([]);
  });

  it('are empty for a stack-6 application, as on real servers', async () => {
    expect((await get(emu, '/applications/acme/webapp/builds')).body).toEqual([]);
    expect((await get(emu, '/applications/acme/webapp/deploys')).body).toEqual([]);
  });
});

describe('pipelines', () => {
  it('GET /applications/:owner/:app/pipelines lists them, with limit and skip', async () => {
    const res = await get(emu, '/applications/acme/webapp/pipelines');
    expect(res.status).toBe(200);
    expect(res.body.map((pipeline: Json) => pipeline.name)).toEqual(['build', 'deploy', 'test']);
    expect(sortedKeys(res.body[0])).toEqual(
      keySet('id', 'url', 'createdAt', 'name', 'pipelineName', 'permissions', 'setScmProviderStatus', 'type'),
    );
    expect(
      (await get(emu, '/applications/acme/webapp/pipelines?limit=1&skip=1')).body.map((p: Json) => p.name),
    ).toEqual(['deploy']);
    expect((await get(emu, '/applications/acme/webapp/pipelines?limit=0')).status).toBe(400);
    expect((await get(emu, '/applications/acme/legacy/pipelines', DEMO)).body).toEqual([]);
  });

  it('GET /pipelines/:pipelineId returns it with its application', async () => {
    const res = await get(emu, `/pipelines/${IDS.deploy}`);
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(
      keySet(
        'id',
        'url',
        'createdAt',
        'name',
        'pipelineName',
        'permissions',
        'setScmProviderStatus',
        'type',
        'application',
      ),
    );
    expect(res.body).toMatchObject({
      id: IDS.deploy,
      name: 'deploy',
      type: 'pipeline',
      application: { id: IDS.webapp },
    });
    expect(sortedKeys(res.body.application)).toEqual(LIST_FIELDS);
    expect((await get(emu, `/pipelines/${'0'.repeat(24)}`)).status).toBe(404);
  });
});
