// The pages in a real browser (Debian's chromium): a run moving to finished by itself, a failed step's
// log opened through ?step=, markup shown as text with nothing run, and a private application's token.
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { DEMO, env, frozenEmulator, IDS, triggerRun } from './helpers.ts';
import {
  HOSTILE,
  hostileRun,
  hostileWorld,
  runPagePath,
  SECRET_VALUES,
  stepsOf,
  webappRun,
} from './pages-kit.ts';

const emu = await frozenEmulator({ world: hostileWorld });
// Launched by the first test rather than in beforeAll: without chromium every test fails, none is skipped.
let launched: Promise<BrowserSession> | undefined;
const browser = () => (launched ??= launchBrowser());
let tab: Page;
let dialogs: string[];

afterAll(async () => {
  await (await launched?.catch(() => undefined))?.close();
  await emu.close();
});

beforeEach(async () => {
  emu.control.reset();
  const { context } = await browser();
  await context.clearCookies();
  tab = await context.newPage();
  dialogs = [];
  tab.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return () => tab.close();
}, 60_000);

const stateText = () => tab.locator('#state').innerText();

describe('pages in a browser', () => {
  it('a running run moves to finished by itself', async () => {
    const run = await webappRun(emu, { EMULATOR_QUEUE_MS: 0 });
    emu.control.advance(2000);
    const response = await tab.goto(`${emu.url}${run.path}`);
    expect(response?.status()).toBe(200);
    expect(await stateText()).toContain('running');
    expect(await tab.locator('meta[http-equiv="refresh"]').count()).toBe(1);

    emu.control.advance(60_000);
    await tab.locator('#state .b-finished').waitFor({ timeout: 10_000 });
    expect(await stateText()).toContain('passed');
    expect(await tab.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    expect(tab.url()).toBe(`${emu.url}${run.path}`);
  });

  it("opens a failed step's log through ?step=, scrolled into view", async () => {
    const run = await triggerRun(emu, {
      pipelineId: IDS.test,
      envVars: env({ EMULATOR_STEPS: 40, EMULATOR_FAIL_STEP: 'step 30', EMULATOR_STEP_MS: 10 }),
    });
    emu.control.advance(60_000);
    const failed = (await stepsOf(emu, run.id)).find((step) => step.result === 'failed');
    expect(failed).toBeDefined();
    const path = `${runPagePath('acme', 'webapp', 'test', run.id)}?step=${failed?.id}`;
    await tab.goto(`${emu.url}${path}`);
    const details = tab.locator(`details#step-${failed?.id}`);
    expect(await details.getAttribute('open')).toBe('');
    const log = details.locator('pre.log');
    expect(await log.isVisible()).toBe(true);
    expect(await log.innerText()).toContain('ERROR: 3 tests failed');
    const box = await details.boundingBox();
    const viewport = tab.viewportSize();
    expect(await tab.evaluate('window.scrollY')).toBeGreaterThan(0);
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.y).toBeLessThan(viewport?.height ?? 0);
    expect(await tab.locator('details[open]').count()).toBe(1);
  });

  it('shows markup in names, branch, message and keys as text, and runs none of it', async () => {
    const run = await hostileRun(emu);
    const paths = [
      run.path,
      `${run.path}?step=${run.failedStepId}`,
      `/mallory/${encodeURIComponent(HOSTILE)}`,
    ];
    for (const path of paths) {
      const response = await tab.goto(`${emu.url}${path}`);
      expect(response?.status()).toBe(200);
      await tab.waitForTimeout(200);
      expect(await tab.locator('img').count()).toBe(0);
      expect(await tab.locator('main script').count()).toBe(0);
      const shown = await tab.locator('main').innerText();
      expect(shown).toContain(HOSTILE);
      expect(shown).not.toContain(SECRET_VALUES[0]);
    }
    expect(await tab.title()).toContain(HOSTILE);
    expect(await tab.locator('table a').first().innerText()).toBe(HOSTILE);
    await tab.locator('table a').first().click();
    // The page's own link encodes every byte outside [A-Za-z0-9_.-]; it is the same path.
    await tab.waitForURL((url) => decodeURIComponent(url.pathname) === decodeURIComponent(run.path));
    expect(await tab.locator(`details#step-${run.failedStepId} summary .name`).innerText()).toBe(HOSTILE);
    expect(await tab.locator('ul.keys code').first().innerText()).toBe(HOSTILE);
    expect(dialogs).toEqual([]);
  });

  it("a private application's page asks for the token, and shows the run once it is given in the form", async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.sandboxBuild }, DEMO);
    const path = runPagePath('demo', 'sandbox', 'build', run.id);
    const response = await tab.goto(`${emu.url}${path}`);
    expect(response?.status()).toBe(401);
    expect(await tab.locator('h1').innerText()).toBe('Token needed');

    await tab.locator('input[name="token"]').fill('not-a-token');
    await tab.locator('form.token button').click();
    await tab.waitForLoadState();
    expect(await tab.locator('main').innerText()).toContain('That token is not known here.');

    await tab.locator('input[name="token"]').fill(DEMO);
    await tab.locator('form.token button').click();
    await tab.waitForURL(`${emu.url}${path}`);
    expect(await tab.locator('h1').innerText()).toContain(`run ${run.id}`);
    const cookies = await tab.context().cookies(emu.url);
    expect(cookies.find((cookie) => cookie.name === 'ci_emulator_token')).toMatchObject({ httpOnly: true });
    expect(await tab.evaluate('document.cookie')).toBe('');

    await tab.goto(`${emu.url}/demo/sandbox`);
    expect(await tab.locator('table a').first().innerText()).toBe('build');
  });

  it("a private application's page shows the run with ?token=, which leaves the address bar", async () => {
    const run = await triggerRun(emu, { pipelineId: IDS.sandboxBuild }, DEMO);
    const path = runPagePath('demo', 'sandbox', 'build', run.id);
    const response = await tab.goto(`${emu.url}${path}?token=${DEMO}`);
    expect(response?.status()).toBe(200);
    expect(tab.url()).toBe(`${emu.url}${path}`);
    expect(await tab.locator('h1').innerText()).toContain(`run ${run.id}`);
    expect(dialogs).toEqual([]);
  });
});
