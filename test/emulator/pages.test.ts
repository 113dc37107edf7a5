// The pages for people over plain HTTP: paths, escaping, 404s, tokens, and values that never show.
import { request } from 'node:http';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pathSegment } from '../../src/text/path-segment.ts';
import { call, DEMO, env, frozenEmulator, get, getWithHost, IDS, OUTSIDER, triggerRun } from './helpers.ts';
import {
  HOSTILE,
  HOSTILE_ESCAPED,
  hostileRun,
  hostileWorld,
  browse,
  page,
  runPagePath,
  SECRET_VALUES,
  stepsOf,
  webappRun,
} from './pages-kit.ts';

const emu = await frozenEmulator({ world: hostileWorld });
afterAll(() => emu.close());
beforeEach(() => emu.control.reset());

const COOKIE = 'ci_emulator_token';

/** The `<details>` element of one step, as sent. */
function detailsOf(html: string, stepId: string): string {
  const start = html.indexOf(`<details class="step`, html.indexOf(`id="step-${stepId}"`) - 40);
  return html.slice(start, html.indexOf('</details>', start));
}

function postLogin(form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${emu.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

describe('the application page', () => {
  it('lists the runs newest first, each row linking to its run page', async () => {
    const run = await webappRun(emu, { EMULATOR_QUEUE_MS: 0 });
    const res = await page(emu, '/acme/webapp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*script-src 'nonce-/);
    const ids = [...res.html.matchAll(/<tr id="run-([0-9a-f]{24})">/g)].map((match) => match[1]);
    const created = emu.control.runs().filter((r) => r.applicationId === IDS.webapp);
    expect(ids).toHaveLength(created.length);
    expect(ids[0]).toBe(run.id);
    const times = ids.map((id) => created.find((r) => r.id === id)?.createdAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.html).toContain(`<a href="${run.path}">build</a>`);
    expect(res.html).toContain('<code title="8d3f2a6c1b9e4f7a0c5d2e8b6a4f1c3e9d7b5a20">8d3f2a6</code>');
    expect(res.html).toContain('Merge pull request #42 from acme/login-form');
    expect(res.html).toMatch(/b-running">running</);
    expect(res.html).toContain('<meta http-equiv="refresh"');
  });

  it('does not refresh once everything on it has finished, and lists classic builds', async () => {
    expect((await page(emu, '/acme/webapp')).html).not.toContain('http-equiv="refresh"');
    const legacy = await browse(emu, `/acme/legacy?token=${DEMO}`);
    expect(legacy.status).toBe(200);
    expect(legacy.html).toContain('<h2>Builds <span class="muted">(3)</span></h2>');
    expect(legacy.html).toContain('Try the new cache');
    expect(legacy.html.match(/<tr id="build-/g)).toHaveLength(3);
  });
});

describe('the run page', () => {
  it('answers at the path the web-url output names, with state, steps, chain and keys', async () => {
    const run = await webappRun(emu);
    emu.control.advance(60_000);
    const res = await page(emu, run.path);
    expect(res.status).toBe(200);
    expect(res.html).toContain('b-finished">finished<');
    expect(res.html).toContain('b-passed">passed<');
    expect(res.html).toContain('<progress max="100" value="100">');
    for (const step of await stepsOf(emu, run.id)) expect(res.html).toContain(`id="step-${step.id}"`);
    expect(res.html).toContain('<code>DEPLOY_KEY</code>');
    expect(res.html).toContain('<code>OTHER</code>');
    const deploy = emu.control.runs().find((r) => r.sourceRunId === run.id);
    expect(deploy).toBeDefined();
    expect(res.html).toContain(runPagePath('acme', 'webapp', 'deploy', deploy?.id ?? ''));
    const deployPage = await page(emu, runPagePath('acme', 'webapp', 'deploy', deploy?.id ?? ''));
    expect(deployPage.html).toMatch(new RegExp(`Source run: <a href="${run.path}">`));
  });

  it('never shows an environment variable value, on any page', async () => {
    const run = await webappRun(emu);
    emu.control.advance(3000);
    const pages = [run.path, '/acme/webapp', `${run.path}?step=${(await stepsOf(emu, run.id))[0]?.id}`];
    for (const path of pages) {
      const { html } = await page(emu, path);
      for (const value of SECRET_VALUES) expect(html).not.toContain(value);
    }
  });

  it('opens the step ?step= names, and scrolls to it; a failed step is open by default', async () => {
    const run = await triggerRun(emu, {
      pipelineId: IDS.test,
      envVars: env({ EMULATOR_FAIL_STEP: 'lint' }),
    });
    emu.control.advance(60_000);
    const steps = await stepsOf(emu, run.id);
    const path = runPagePath('acme', 'webapp', 'test', run.id);
    const plain = (await page(emu, path)).html;
    const failed = steps.find((step) => step.result === 'failed')?.id ?? '';
    expect(detailsOf(plain, failed)).toMatch(/^<details class="step failed" id="step-[0-9a-f]+" open>/);
    expect(detailsOf(plain, failed)).toContain('ERROR: 3 tests failed');
    expect(plain).not.toContain('<script');
    const first = steps[0]?.id ?? '';
    const chosen = (await page(emu, `${path}?step=${first}`)).html;
    expect(detailsOf(chosen, first)).toMatch(/" open>/);
    expect(detailsOf(chosen, failed)).not.toMatch(/" open>/);
    expect(chosen).toContain(`document.getElementById("step-${first}")?.scrollIntoView()`);
    const unknown = (await page(emu, `${path}?step=${encodeURIComponent('<b>x</b>')}`)).html;
    expect(unknown).toContain('This run has no step &lt;b&gt;x&lt;/b&gt;.');
  });

  it('refreshes itself while the run is going, and stops once it has finished', async () => {
    const run = await webappRun(emu);
    expect((await page(emu, run.path)).html).toContain('<meta http-equiv="refresh" content="2">');
    emu.control.advance(60_000);
    expect((await page(emu, run.path)).html).not.toContain('http-equiv="refresh"');
  });

  it('shows a huge log as its last lines, quickly', async () => {
    const run = await webappRun(emu, { EMULATOR_LOG_BYTES: 200_000_000, EMULATOR_STEPS: 3 });
    emu.control.advance(60_000);
    const started = Date.now();
    const res = await page(emu, run.path);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.html.length).toBeLessThan(500_000);
    expect(res.html).toMatch(/The last 300 of 312500\d lines\./);
  });
});

describe('escaping', () => {
  it('shows markup in every name, branch, message, key and user as text', async () => {
    const run = await hostileRun(emu);
    for (const path of [
      run.path,
      `${run.path}?step=${run.failedStepId}`,
      `/mallory/${encodeURIComponent(HOSTILE)}`,
    ]) {
      const { status, html } = await page(emu, path);
      expect(status).toBe(200);
      expect(html).not.toMatch(/<img|<script>alert|onerror=alert\(1\)>/);
      expect(html).toContain(HOSTILE_ESCAPED);
      expect(html).not.toContain('\u001b');
      expect(html).not.toContain('\u202e');
    }
    const { html } = await page(emu, run.path);
    expect(html).toContain(`<code>${HOSTILE_ESCAPED}</code>`); // the branch and the env var key
    expect(html).toContain(`<span class="name">${HOSTILE_ESCAPED}</span>`); // the step
    expect(html).toContain(`${HOSTILE_ESCAPED}<br>&lt;script&gt;alert(2)&lt;/script&gt;redevil`);
    expect(html).toContain(`<title>${HOSTILE_ESCAPED} run ${run.id}`);
    expect(html).toContain('--&gt; Running step: &lt;img src=x onerror=alert(1)&gt;'); // the log
    expect(html).not.toContain(SECRET_VALUES[0]);
  });
});

describe('paths', () => {
  it("answers a name's page with its characters plain or percent-encoded, and links it encoded strictly", async () => {
    const run = await hostileRun(emu);
    // encodeURIComponent keeps `(`, `)` and `=`'s neighbours plain; the action's links encode every byte
    // outside [A-Za-z0-9_.-]; a person may type the name in the address bar as it is.
    const strict = runPagePath('mallory', HOSTILE, HOSTILE, run.id, pathSegment);
    const typed = `/mallory/${HOSTILE}/runs/${HOSTILE}/${run.id}`;
    expect(strict).not.toMatch(/[()'=]/);
    for (const path of [run.path, strict, typed, strict.replace(/%28/g, '(').replace(/%3D/g, '=')]) {
      expect((await page(emu, path)).status, path).toBe(200);
    }
    const app = await page(emu, `/mallory/${pathSegment(HOSTILE)}`);
    expect(app.status).toBe(200);
    expect(app.html).toContain(`href="${strict}"`);
  });
});

describe('not found', () => {
  it('answers 404 pages for unknown applications and runs, and a run under the wrong pipeline or application', async () => {
    const run = await webappRun(emu);
    const paths = [
      '/acme/nothing',
      '/nobody/webapp',
      runPagePath('acme', 'webapp', 'build', 'ffffffffffffffffffffffff'),
      runPagePath('acme', 'webapp', 'deploy', run.id),
      runPagePath('acme', 'webapp', 'Build', run.id),
      runPagePath('acme', 'docker-classic', 'build', run.id),
      runPagePath('acme', 'webapp', HOSTILE, run.id),
    ];
    for (const path of paths) {
      const res = await page(emu, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.html).not.toContain('<img');
    }
    expect((await page(emu, runPagePath('acme', 'webapp', HOSTILE, run.id))).html).toContain(HOSTILE_ESCAPED);
  });

  it('leaves the API and the control API their paths', async () => {
    const api = await get(emu, '/runs/ffffffffffffffffffffffff');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await page(emu, '/api/v3')).headers.get('content-type')).toContain('application/json');
    const control = await page(emu, '/_emulator/nothing');
    expect(control.status).toBe(401);
    expect(control.headers.get('content-type')).toContain('application/json');
    expect((await get(emu, '/applications/acme/webapp')).body.name).toBe('webapp');
  });

  it('keeps the Host rule', async () => {
    const res = await getWithHost(`${emu.url}/acme/webapp`, 'attacker.example');
    expect(res.status).toBe(421);
  });
});

describe('tokens', () => {
  const sandboxRun = async () => {
    const run = await triggerRun(emu, {
      pipelineId: IDS.sandboxBuild,
      envVars: env({ SECRET: SECRET_VALUES[1] }),
    });
    return { id: run.id, path: runPagePath('demo', 'sandbox', 'build', run.id) };
  };

  it('a private application asks for a token (401) with a form that comes back to the page', async () => {
    const run = await sandboxRun();
    for (const path of [run.path, '/demo/sandbox', `/acme/legacy?step=1`]) {
      const res = await page(emu, path);
      expect(res.status).toBe(401);
      expect(res.html).toContain('<h1>Token needed</h1>');
      expect(res.html).toContain('<form class="token" method="post" action="/login">');
      expect(res.html).toContain(`<input type="hidden" name="next" value="${path}">`);
      expect(res.html).not.toMatch(/<h2>|SECRET|<table/);
    }
  });

  it('?token= keeps the token in an HttpOnly cookie and shows the page without it in the address; the form leaves the token out', async () => {
    const run = await sandboxRun();
    const redirect = await page(emu, `${run.path}?token=${DEMO}&step=x`);
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe(`${run.path}?step=x`);
    expect(redirect.headers.get('set-cookie')).toBe(`${COOKIE}=${DEMO}; Path=/; HttpOnly; SameSite=Lax`);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    expect(redirect.html).toBe('');
    const res = await browse(emu, `${run.path}?token=${DEMO}&step=x`);
    expect(res.status).toBe(200);
    expect(res.html).toContain(`run ${run.id}`);
    expect(res.html).not.toContain(SECRET_VALUES[1]);
    expect(res.html).not.toContain(DEMO);
    const withCookie = await page(emu, run.path, { cookie: `other=1; ${COOKIE}=${DEMO}` });
    expect(withCookie.status).toBe(200);
    const bearer = await page(emu, run.path, { authorization: `Bearer ${DEMO}` });
    expect(bearer.status).toBe(200);
    const badToken = await page(emu, `${run.path}?token=nope&step=x`);
    expect(badToken.status).toBe(401);
    expect(badToken.html).toContain('That token is not known here.');
    expect(badToken.html).toContain(`name="next" value="${run.path}?step=x"`);
  });

  it('?token= on any page path, even one that is not found, leaves the address bar at once', async () => {
    for (const path of [
      '/acme/webapp',
      '/acme/no-such-app',
      '/acme/webapp/runs/build/000000000000000000000000',
    ]) {
      const res = await page(emu, `${path}?token=${DEMO}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(path);
    }
    // A path a browser would read as another host is never where it is sent back to.
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const target = {
        host: '127.0.0.1',
        port: new URL(emu.url).port,
        path: `/\\evil.example/webapp?token=${DEMO}`,
      };
      const req = request(target, (response) => {
        response.resume();
        resolve(response.headers.location);
      });
      req.on('error', reject);
      req.end();
    });
    expect(location).toMatch(/^\/(?![/\\])/);
  });

  it('a token without access is a 403 that asks for another', async () => {
    const res = await browse(emu, `/demo/sandbox?token=${OUTSIDER}`);
    expect(res.status).toBe(403);
    expect(res.html).toContain('The token of outsider gives no access to demo/sandbox.');
  });

  it('a stale cookie is dropped, and does not keep public pages from showing', async () => {
    const res = await page(emu, '/acme/webapp', { cookie: `${COOKIE}=gone` });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await page(emu, '/demo/sandbox', { cookie: `${COOKIE}=gone` })).status).toBe(401);
  });

  it('POST /login sets the cookie and sends the browser back, only to a path of this server', async () => {
    const ok = await postLogin({ token: DEMO, next: '/demo/sandbox?x=1' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/demo/sandbox?x=1');
    expect(ok.headers.get('set-cookie')).toBe(`${COOKIE}=${DEMO}; Path=/; HttpOnly; SameSite=Lax`);
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect((await postLogin({ token: DEMO, next })).headers.get('location'), next).toBe('/');
    }
    const bad = await postLogin({ token: 'nope', next: '/demo/sandbox' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('set-cookie')).toBeNull();
    expect(await bad.text()).toContain('That token is not known here.');
    const foreign = await postLogin({ token: DEMO, next: '/' }, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('set-cookie')).toBeNull();
  });

  it('the API never takes the cookie, nor a form body', async () => {
    const res = await call(emu, 'GET', '/applications/demo/sandbox', {
      headers: { cookie: `${COOKIE}=${DEMO}` },
    });
    expect(res.status).toBe(401);
    const form = await call(emu, 'POST', '/runs', {
      token: DEMO,
      rawBody: `pipelineId=${IDS.build}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(emu.control.runs().filter((run) => run.pipelineId === IDS.build)).toHaveLength(1);
  });
});
