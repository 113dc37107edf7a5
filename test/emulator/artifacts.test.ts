import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ArchiveStore } from '../../src/emulator/artifacts/archive-store.ts';
import { defaultWorld, parseWorldFile, type Emulator } from '../../src/emulator/index.ts';
import { fetchBytes, finishedRun, listArchive } from './artifacts-kit.ts';
import { call, DEMO, fileEmulator, frozenEmulator, get, IDS, triggerRun } from './helpers.ts';
import { page, runPagePath, stepsOf, webappRun } from './pages-kit.ts';

const emu = await fileEmulator();

const LOGO =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A finished run of the private `demo/sandbox`, whose added last step `keep` stores a small file. */
async function privateKeepRun(): Promise<{
  own: Emulator;
  id: string;
  keep: { id: string; artifactsUrl: string };
}> {
  const world = structuredClone(defaultWorld);
  const sandbox = world.applications.find((app) => app.name === 'sandbox');
  sandbox?.pipelines?.[0]?.steps?.push({ name: 'keep', artifacts: true });
  const own = await frozenEmulator({ world });
  const { id } = await triggerRun(own, { pipelineId: IDS.sandboxBuild });
  own.control.advance(60_000);
  const keep = (await get(own, `/runs/${id}/steps`, DEMO)).body[3];
  return { own, id, keep };
}

describe('artifacts: the archive a step stores', () => {
  it("is a gzipped tar of the store step's files, byte for byte, with modes kept", async () => {
    const steps = await finishedRun(emu, IDS.build);
    const res = await fetchBytes(steps.store.artifactsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-length')).toBe(String(res.bytes.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('last-modified')).toBe(new Date(steps.store.finishedAt).toUTCString());
    const entries = await listArchive(res.bytes);
    expect([...entries.keys()]).toEqual([
      'bin/webapp',
      'dist/app.js',
      'dist/bundle.bin',
      'dist/logo.png',
      'outputs.env',
    ]);
    expect([...entries.values()].every((entry) => entry.type === 'File')).toBe(true);
    expect(entries.get('dist/logo.png')?.body).toEqual(Buffer.from(LOGO, 'base64'));
    expect(entries.get('dist/bundle.bin')?.body.length).toBe(4096);
    expect(entries.get('dist/app.js')?.body.toString()).toContain('export function greet(name)');
    expect(entries.get('bin/webapp')?.mode).toBe(0o755);
    expect(entries.get('dist/app.js')?.mode).toBe(0o644);
    const outputs = entries.get('outputs.env')?.body.toString() ?? '';
    expect(outputs).toMatch(/^IMAGE=registry\.example\.com\/acme\/webapp@sha256:[0-9a-f]{64}$/m);
    expect(outputs).toMatch(/^VERSION=1\.4\.2$/m);
  });

  it('is built once: every run of the same step and outcome gets the same bytes and ETag', async () => {
    const first = await fetchBytes((await finishedRun(emu, IDS.build)).store.artifactsUrl);
    const again = await fetchBytes((await finishedRun(emu, IDS.build)).store.artifactsUrl);
    expect(again.bytes).toEqual(first.bytes);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('is set only once the step has finished, and never on a step that stores nothing', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(6_500);
    const steps = (await get(emu, `/runs/${id}/steps`, DEMO)).body;
    expect(steps.map((step: { artifactsUrl: unknown }) => step.artifactsUrl !== null)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
    expect((await get(emu, `/runsteps/${steps[4].id}/artifacts`)).status).toBe(404);
    expect((await get(emu, `/runsteps/${steps[0].id}/artifacts`)).status).toBe(404);
  });

  it('is not kept by an aborted step', async () => {
    const { id } = await triggerRun(emu, { pipelineId: IDS.build });
    emu.control.advance(7_000);
    await call(emu, 'PUT', `/runs/${id}/abort`, { token: DEMO, body: {} });
    const steps = (await get(emu, `/runs/${id}/steps`, DEMO)).body;
    expect(steps[4]).toMatchObject({ result: 'aborted', artifactsUrl: null });
    expect((await get(emu, `/runsteps/${steps[4].id}/artifacts`)).status).toBe(404);
  });

  it('of a private application needs a token that may read it', async () => {
    const { own, keep } = await privateKeepRun();
    try {
      expect((await fetchBytes(keep.artifactsUrl)).status).toBe(401);
      expect((await fetchBytes(keep.artifactsUrl, { authorization: 'Bearer outsider-token' })).status).toBe(
        403,
      );
      const res = await fetchBytes(keep.artifactsUrl, { authorization: `Bearer ${DEMO}` });
      expect(res.status).toBe(200);
      const entries = await listArchive(res.bytes);
      expect(entries.get('artifacts.txt')?.body.toString()).toBe('Stored by step "keep".\n');
    } finally {
      await own.close();
    }
  });
});

describe('artifacts: JUnit reports that agree with the outcome switches', () => {
  const reportOf = async (url: string, path: string) =>
    (await listArchive((await fetchBytes(url)).bytes)).get(path)?.body.toString() ?? '';

  it('npm test stores a jest-junit report with no failure when it passes', async () => {
    const steps = await finishedRun(emu, IDS.build);
    const xml = await reportOf(steps['npm test'].artifactsUrl, 'reports/junit.xml');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="jest tests" tests="6" failures="0"/,
    );
    expect(xml).toContain('file="test/app.test.js"');
    expect(xml).toContain('<skipped/>');
    expect(xml).not.toContain('<failure');
  });

  it('with EMULATOR_FAIL_STEP=npm test, two tests fail with stack frames at their lines', async () => {
    const steps = await finishedRun(emu, IDS.build, { EMULATOR_FAIL_STEP: 'npm test' });
    expect(steps['npm test'].result).toBe('failed');
    expect(steps.store.artifactsUrl).toBeNull();
    const xml = await reportOf(steps['npm test'].artifactsUrl, 'reports/junit.xml');
    expect(xml).toContain('<testsuites name="jest tests" tests="6" failures="2" errors="0"');
    expect(xml.match(/<failure>/g)).toHaveLength(2);
    expect(xml).toContain('at Object.&lt;anonymous&gt; (/builds/acme/webapp/test/app.test.js:27:17)');
    expect(xml).toContain('(/builds/acme/webapp/test/app.test.js:42:17)');
    expect(xml).toContain('<testsuite name="session" errors="0" failures="0" skipped="1"');
  });

  it('with EMULATOR_RESULT=failed the last step fails and the tests passed', async () => {
    const steps = await finishedRun(emu, IDS.build, { EMULATOR_RESULT: 'failed' });
    expect([steps['npm test'].result, steps.store.result]).toEqual(['passed', 'failed']);
    expect(await reportOf(steps['npm test'].artifactsUrl, 'reports/junit.xml')).toContain('failures="0"');
    expect(steps.store.artifactsUrl).not.toBeNull();
  });

  it('with EMULATOR_FAILED_STEPS=2, npm test fails with its report and store still stores', async () => {
    const steps = await finishedRun(emu, IDS.build, { EMULATOR_FAILED_STEPS: '2' });
    expect([steps['npm test'].result, steps.store.result]).toEqual(['failed', 'failed']);
    expect(await reportOf(steps['npm test'].artifactsUrl, 'reports/junit.xml')).toContain('failures="2"');
    expect((await fetchBytes(steps.store.artifactsUrl)).status).toBe(200);
  });

  it("the test pipeline's unit tests store a pytest report with file and 0-based line", async () => {
    const passed = await finishedRun(emu, IDS.test);
    const ok = await reportOf(passed['unit tests'].artifactsUrl, 'test-results/pytest.xml');
    expect(ok).toContain('<testsuite name="pytest" errors="0" failures="0" skipped="1" tests="4"');
    const steps = await finishedRun(emu, IDS.test, { EMULATOR_FAIL_STEP: 'unit tests' });
    const xml = await reportOf(steps['unit tests'].artifactsUrl, 'test-results/pytest.xml');
    expect(xml).toContain('failures="1" skipped="1" tests="4"');
    expect(xml).toContain(
      '<testcase classname="tests.test_api" name="test_login_rejects_bad_password" file="tests/test_api.py" line="41"',
    );
    expect(xml).toContain('tests/test_api.py:42: AssertionError</failure>');
  });

  it('with EMULATOR_ARTIFACT_BYTES, every generated step stores two files of that many bytes in all', async () => {
    const steps = await finishedRun(emu, IDS.build, {
      EMULATOR_STEPS: '2',
      EMULATOR_ARTIFACT_BYTES: '1001',
      EMULATOR_FAIL_STEP: 'step 2',
    });
    for (const name of ['step 1', 'step 2']) {
      const entries = await listArchive((await fetchBytes(steps[name].artifactsUrl)).bytes);
      expect([...entries].map(([path, entry]) => [path, entry.body.length])).toEqual([
        ['nested/part-2.bin', 501],
        ['part-1.bin', 500],
      ]);
    }
    const refused = await call(emu, 'POST', '/runs', {
      token: DEMO,
      body: { pipelineId: IDS.build, envVars: [{ key: 'EMULATOR_ARTIFACT_BYTES', value: '1' }] },
    });
    expect(refused.status).toBe(400);
  });
});

describe('artifacts: Range, If-Range and 416', () => {
  it('serves one range as 206, a range past the end as 416, and honours If-Range', async () => {
    const url = (await finishedRun(emu, IDS.build)).store.artifactsUrl;
    const whole = await fetchBytes(url);
    const size = whole.bytes.length;
    const etag = whole.headers.get('etag') ?? '';
    const lastModified = whole.headers.get('last-modified') ?? '';

    const part = await fetchBytes(url, { range: 'bytes=10-' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-${size - 1}/${size}`);
    expect(part.headers.get('etag')).toBe(etag);
    expect(part.bytes).toEqual(whole.bytes.subarray(10));
    const middle = await fetchBytes(url, { range: 'bytes=5-9' });
    expect([middle.status, middle.headers.get('content-length')]).toEqual([206, '5']);
    expect(middle.bytes).toEqual(whole.bytes.subarray(5, 10));

    const past = await fetchBytes(url, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);

    for (const validator of [etag, lastModified]) {
      const resumed = await fetchBytes(url, { range: 'bytes=100-', 'if-range': validator });
      expect([resumed.status, resumed.bytes]).toEqual([206, whole.bytes.subarray(100)]);
    }
    for (const stale of ['"0000"', 'Wed, 21 Oct 2015 07:28:00 GMT', `W/${etag}`]) {
      const changed = await fetchBytes(url, { range: 'bytes=100-', 'if-range': stale });
      expect([changed.status, changed.bytes]).toEqual([200, whole.bytes]);
    }
  });
});

describe('artifacts: the run page', () => {
  it("links each step's archive and shows the counts of its JUnit report", async () => {
    const run = await webappRun(emu, { EMULATOR_FAIL_STEP: 'npm test' });
    emu.control.advance(60_000);
    const [, , , npmTest] = await stepsOf(emu, run.id);
    const { html } = await page(emu, run.path);
    const href = `${run.path}/artifacts/${npmTest?.id}.tar.gz`;
    const link = `<a href="${href}" download>Artifacts</a>`;
    expect(html).toContain(link);
    expect(html.match(/>Artifacts<\/a>/g)).toHaveLength(1);
    expect(html).toContain('<span class="tests">6 tests: 3 passed, 2 failed, 1 skipped</span>');
    expect(html).toContain('<code>reports/junit.xml</code>');
    const passed = await webappRun(emu);
    emu.control.advance(60_000);
    const again = (await page(emu, passed.path)).html;
    expect(again.match(/>Artifacts<\/a>/g)).toHaveLength(2);
    expect(again).toContain('<span class="tests">6 tests: 5 passed, 0 failed, 1 skipped</span>');
    const viaPage = await fetchBytes(`${emu.url}${href}`);
    expect(viaPage.status).toBe(200);
    const viaApi = await fetchBytes(`${emu.url}/api/v3/runsteps/${npmTest?.id}/artifacts`);
    expect(viaPage.bytes).toEqual(viaApi.bytes);
    expect((await fetchBytes(`${emu.url}${run.path}/artifacts/${npmTest?.id}.zip`)).status).toBe(404);
    expect((await fetchBytes(`${emu.url}${passed.path}/artifacts/${npmTest?.id}.tar.gz`)).status).toBe(404);
  });

  it("of a private application opens with the page's token cookie, as the page does", async () => {
    const { own, id, keep } = await privateKeepRun();
    try {
      const path = runPagePath('demo', 'sandbox', 'build', id);
      const cookie = `ci_emulator_token=${DEMO}`;
      const { html } = await page(own, path, { cookie });
      const href = `${path}/artifacts/${keep.id}.tar.gz`;
      expect(html).toContain(`<a href="${href}" download>Artifacts</a>`);
      expect((await fetchBytes(`${own.url}${href}`)).status).toBe(401);
      expect(
        (await fetchBytes(`${own.url}${href}`, { cookie: 'ci_emulator_token=outsider-token' })).status,
      ).toBe(403);
      const res = await fetchBytes(`${own.url}${href}`, { cookie });
      expect(res.status).toBe(200);
      expect((await listArchive(res.bytes)).get('artifacts.txt')?.body.toString()).toBe(
        'Stored by step "keep".\n',
      );
    } finally {
      await own.close();
    }
  });
});

describe('artifacts: the folder of archives', () => {
  it('is removed on close, and a build under way then stops without leaving anything', async () => {
    const store = new ArchiveStore();
    const built = await store.archive({ files: 'default' }, 'keep', false);
    expect(existsSync(built.file)).toBe(true);
    const big = store.archive({ files: [{ path: 'big.bin', bytes: 200 * 1024 * 1024 }] }, 'big', false);
    await store.close();
    await expect(big).rejects.toThrow();
    expect(existsSync(dirname(built.file))).toBe(false);
  });
});

describe('artifacts: the world file', () => {
  const worldWith = (step: unknown) =>
    parseWorldFile({
      users: [{ username: 'u' }],
      applications: [
        { owner: 'u', name: 'a', stack: 6, privacy: 'public', pipelines: [{ name: 'p', steps: [step] }] },
      ],
    });

  it('refuses paths that leave the archive and files that are not exactly one of text, base64 or bytes', () => {
    for (const path of ['../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(() => worldWith({ name: 's', artifacts: [{ path, text: '' }] }), path).toThrow(/artifacts/);
    }
    expect(() => worldWith({ name: 's', artifacts: [{ path: 'a', text: '', bytes: 1 }] })).toThrow(
      /exactly one/,
    );
    expect(() => worldWith({ name: 's', artifacts: [{ path: 'a' }] })).toThrow(/exactly one/);
    expect(() => worldWith({ name: 's', artifacts: [{ path: 'a', base64: '!!' }] })).toThrow(/base64/);
    expect(() =>
      worldWith({ name: 's', testReport: { path: 'r.xml', dialect: 'mocha', suite: 's', tests: [] } }),
    ).toThrow(/testReport/);
    expect(worldWith({ name: 's', artifacts: [{ path: 'a/b.txt', bytes: 10 }] }).applications).toHaveLength(
      1,
    );
  });
});
