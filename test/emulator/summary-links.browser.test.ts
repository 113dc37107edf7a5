// The job summary's links, followed in a real browser (Debian's chromium): the action runs from its sources
// against an emulator on 127.0.0.1 with step "npm test" failing, its GITHUB_STEP_SUMMARY is drawn the way
// GitHub draws it (GFM, raw HTML let through), and clicking the run, "Open the step" and a step's name
// lands on the emulator's pages. A step named as markup stays text on both sides.
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { summaryPage } from '../../scripts/screenshots/summary-page.ts';
import { startEmulator } from '../../src/emulator/index.ts';
import { runAction, type ActionResult } from '../support/action-harness.ts';
import { launchBrowser, type BrowserSession } from '../support/browser.ts';
import { DEMO } from './helpers.ts';
import { HOSTILE } from './pages-kit.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The action from its sources, so that no bundle is needed (node runs the TypeScript as it is). */
const FROM_SOURCE = { manifest: 'action.yml', script: join(root, 'src/action/index.ts') };
const SPEED = 20;

interface FollowedRun {
  action: ActionResult;
  /** Where the summary page is served, off the emulator's origin as GitHub's pages are. */
  summaryUrl: string;
  webUrl: string;
  failedStepId: string;
}

const emu = await startEmulator({ speed: SPEED });
const pages = new Map<string, string>();
const summaries: Server = createServer((request, response) => {
  const html = pages.get(request.url ?? '');
  response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html ?? 'not found');
});
await new Promise<void>((resolve) => summaries.listen(0, '127.0.0.1', resolve));
const summariesUrl = `http://127.0.0.1:${(summaries.address() as AddressInfo).port}`;

/** The id of the run's failed step, as the API reports it. */
async function failedStepOf(runId: string): Promise<string> {
  const response = await fetch(`${emu.url}/api/v3/runs/${runId}/steps`, {
    headers: { authorization: `Bearer ${DEMO}` },
  });
  const steps = (await response.json()) as Array<{ id: string; result: string }>;
  const failed = steps.filter((step) => step.result === 'failed');
  if (failed.length !== 1) throw new Error(`run ${runId} has ${failed.length} failed steps`);
  return failed[0]!.id;
}

/** One failing step of a job running the action, its summary put up at `/{name}`. */
async function followRun(name: string, envVars: string): Promise<FollowedRun> {
  const inputs = {
    'base-url': emu.url,
    token: DEMO,
    pipeline: 'acme/webapp/build',
    'env-vars': envVars,
    'poll-interval': '1s',
  };
  const action = await runAction(inputs, { action: FROM_SOURCE });
  rmSync(action.files.dir, { recursive: true, force: true });
  if (action.code !== 1 || action.outputs.result !== 'failed') {
    throw new Error(`expected a failed run, got ${action.code}/${action.outputs.result}: ${action.stderr}`);
  }
  pages.set(`/${name}`, summaryPage(action.summary, { job: 'ci' }));
  return {
    action,
    summaryUrl: `${summariesUrl}/${name}`,
    webUrl: action.outputs['web-url']!,
    failedStepId: await failedStepOf(action.outputs['run-id']!),
  };
}

async function followBoth(): Promise<{ failing: FollowedRun; hostile: FollowedRun }> {
  const [failing, hostile] = await Promise.all([
    followRun('failing', 'EMULATOR_FAIL_STEP=npm test'),
    followRun('hostile', `EMULATOR_STEP_NAMES=get code,${HOSTILE}\nEMULATOR_FAIL_STEP=${HOSTILE}`),
  ]);
  // Both runs are over: from here on every page reads the same world.
  emu.control.setSpeed(0);
  return { failing, hostile };
}

// Started by the first test rather than in beforeAll: without chromium, or when the action does not end as
// expected, every test fails, none is skipped.
let followed: ReturnType<typeof followBoth> | undefined;
let launched: Promise<BrowserSession> | undefined;
let runs: Awaited<ReturnType<typeof followBoth>>;
let tab: Page;
let dialogs: string[];
/** Addresses the browser asked for: an `<img src=x>` let through would ask for `/x`. */
let requested: string[];

afterAll(async () => {
  await (await launched?.catch(() => undefined))?.close();
  await new Promise((resolve) => summaries.close(resolve));
  await emu.close();
});

beforeEach(async () => {
  const [both, { context }] = await Promise.all([
    (followed ??= followBoth()),
    (launched ??= launchBrowser()),
  ]);
  runs = both;
  tab = await context.newPage();
  dialogs = [];
  requested = [];
  tab.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  tab.on('request', (request) => requested.push(request.url()));
  return () => tab.close();
}, 60_000);

const openSummary = async (run: FollowedRun) => {
  const response = await tab.goto(run.summaryUrl);
  expect(response?.status()).toBe(200);
};
const summaryBody = () => tab.locator('article.markdown-body');
const stepsTable = () => summaryBody().locator('h3:text-is("Steps") + table');
/** Opens the failed step's entry under "Why it failed", as a person does, by its summary line. */
const openWhyItFailed = async (stepName: string) => {
  const section = summaryBody().locator('h3:text-is("Why it failed") + details');
  await section.locator('summary', { hasText: stepName }).click();
  return section;
};
const stepOnPage = (stepId: string) => tab.locator(`details#step-${stepId}`);

describe('the job summary, followed by clicking', () => {
  it('the run link opens the run page, finished and failed', async () => {
    const { failing } = runs;
    await openSummary(failing);
    await summaryBody().getByRole('link', { name: failing.webUrl, exact: true }).click();
    await tab.waitForURL(failing.webUrl);
    expect(await tab.locator('h1').innerText()).toContain(`run ${failing.action.outputs['run-id']}`);
    expect(await tab.locator('#state .b-finished').isVisible()).toBe(true);
    expect(await tab.locator('#state .b-failed').isVisible()).toBe(true);
    expect(await tab.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    expect(await stepOnPage(failing.failedStepId).getAttribute('open')).toBe('');
  });

  it('"Open the step" under "Why it failed" opens the failed step with its log in view', async () => {
    const { failing } = runs;
    await openSummary(failing);
    const why = await openWhyItFailed('npm test');
    await why.getByRole('link', { name: 'Open the step', exact: true }).click();
    await tab.waitForURL(`${failing.webUrl}?step=${failing.failedStepId}`);
    const step = stepOnPage(failing.failedStepId);
    expect(await step.getAttribute('open')).toBe('');
    expect(await step.locator('summary .name').innerText()).toBe('npm test');
    const log = step.locator('pre.log');
    expect(await log.isVisible()).toBe(true);
    expect(await log.innerText()).toContain('ERROR: 3 tests failed');
    const box = await step.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.y).toBeLessThan(tab.viewportSize()?.height ?? 0);
    expect(await tab.locator('details[open]').count()).toBe(1);
  });

  it("a step's name in the steps table opens that step", async () => {
    const { failing } = runs;
    await openSummary(failing);
    const link = stepsTable().getByRole('link', { name: 'npm ci', exact: true });
    const stepId = new URL((await link.getAttribute('href')) ?? '').searchParams.get('step');
    expect(stepId).toMatch(/^[0-9a-f]{24}$/);
    await link.click();
    await tab.waitForURL(`${failing.webUrl}?step=${stepId}`);
    const step = stepOnPage(stepId!);
    expect(await step.locator('summary .name').innerText()).toBe('npm ci');
    expect(await step.locator('summary .b-passed').isVisible()).toBe(true);
    expect(await step.locator('pre.log').isVisible()).toBe(true);
    expect(await tab.locator('details[open]').count()).toBe(1);
    expect(await stepOnPage(failing.failedStepId).getAttribute('open')).toBeNull();
  });

  it("people's links go to the emulator's pages; only the steps' log and artifacts columns go to the API", async () => {
    const { failing } = runs;
    await openSummary(failing);
    const links = await summaryBody()
      .locator('a')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => {
          const cell = anchor.closest('td');
          // The heading of the cell's column, in tables that have a header row (the steps).
          const heading = cell && anchor.closest('table')?.tHead?.rows[0]?.cells[cell.cellIndex];
          return {
            href: anchor.getAttribute('href') ?? '',
            text: anchor.textContent,
            column: heading?.textContent,
          };
        }),
      );
    const api = links.filter((link) => new URL(link.href).pathname.startsWith('/api/'));
    const human = links.filter((link) => !api.includes(link));
    const stepCount = await stepsTable().locator('tbody tr').count();
    expect(stepCount).toBe(5);
    const logs = api.filter((link) => link.column === 'Log');
    expect(logs).toHaveLength(stepCount);
    for (const link of logs) expect(link).toMatchObject({ text: 'log', column: 'Log' });
    // The archives of the steps that stored something (the emulator's `npm test` report, `store`'s files).
    for (const link of api.filter((each) => !logs.includes(each))) {
      expect(link).toMatchObject({ text: 'artifacts', column: 'Artifacts' });
    }
    // The run, the five step names and "Open the step".
    expect(human).toHaveLength(1 + stepCount + 1);
    for (const link of human) expect(link.href.startsWith(failing.webUrl)).toBe(true);
    expect(human.map((link) => link.text)).toEqual([
      failing.webUrl,
      'get code',
      'setup environment',
      'npm ci',
      'npm test',
      'store',
      'Open the step',
    ]);
  });

  it('a failed step named as markup is text in the summary and on the run page, and runs nothing', async () => {
    const { hostile } = runs;
    await openSummary(hostile);
    const body = summaryBody();
    expect(await body.locator('img').count()).toBe(0);
    expect(await stepsTable().locator('tbody tr').nth(1).locator('a').first().innerText()).toBe(HOSTILE);
    const why = await openWhyItFailed(HOSTILE);
    expect(await why.locator('summary strong').innerText()).toBe(HOSTILE);
    expect(await body.innerText()).toContain(`The run failed at step 2/2 "${HOSTILE}".`);

    await why.getByRole('link', { name: 'Open the step', exact: true }).click();
    await tab.waitForURL(`${hostile.webUrl}?step=${hostile.failedStepId}`);
    const step = stepOnPage(hostile.failedStepId);
    expect(await step.locator('summary .name').innerText()).toBe(HOSTILE);
    expect(await step.locator('pre.log').innerText()).toContain('ERROR: 3 tests failed');
    expect(await tab.locator('main img').count()).toBe(0);
    expect(await tab.locator('main').innerText()).toContain(HOSTILE);
    await tab.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(requested.filter((url) => new URL(url).pathname === '/x')).toEqual([]);
  });
});
