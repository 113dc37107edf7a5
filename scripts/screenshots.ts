// `npm run screenshots`: the README's pictures of a failed run, taken from a real one.
//
// Starts the embedded emulator on a fixed world, runs the action from its sources (`node
// src/action/index.ts`, so that no bundle is needed) the way the GitHub runner runs a step, with step
// "npm test" of acme/webapp/build failing, then draws in Debian's chromium:
//   docs/summary-failed.png  the job summary, as GitHub would render its Markdown (approximately)
//   docs/log.png             the step's log, as the runner reads the action's output and the job page shows it
//   docs/run-page.png        the emulator's page of the run, opened at the failed step
// Each run writes the pictures again.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWorld, startEmulator, type Emulator } from '../src/emulator/index.ts';
import { launchBrowser } from '../test/support/browser.ts';
import { makeFiles, readFileCommands, stepEnv } from './runner.ts';
import { capture, type Shot } from './screenshots/capture.ts';
import { logPage } from './screenshots/log-page.ts';
import { summaryPage } from './screenshots/summary-page.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ACTION = join(root, 'src/action/index.ts');
const DOCS = join(root, 'docs');
/** A fixed start, so that the pictures show the same times from one run to the next. */
const WORLD = { ...defaultWorld, startAt: '2025-06-12T09:30:00.000Z' };
/** The same address in every picture, unless the port is taken. */
const PORT = 47_806;
const SPEED = 2;
const TOKEN = 'demo-token';
const JOB = 'ci';
const STEP_TITLE = 'Run ci-run-action/ci-run-action@v0';
const STEP_LIMIT_MS = 60_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

async function startWorld(): Promise<Emulator> {
  try {
    return await startEmulator({ world: WORLD, speed: SPEED, port: PORT });
  } catch {
    return startEmulator({ world: WORLD, speed: SPEED });
  }
}

interface StepRun {
  code: number | null;
  stdout: string;
  summary: string;
  outputs: Record<string, string>;
}

/** One step of a job, as the runner runs it: INPUT_* variables, the step's files, stdout read as the log. */
async function runStep(inputs: Record<string, string>): Promise<StepRun> {
  const files = makeFiles();
  try {
    const child = spawn(process.execPath, [ACTION], {
      env: stepEnv(files, inputs),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const limit = setTimeout(() => child.kill('SIGKILL'), STEP_LIMIT_MS);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    }).finally(() => clearTimeout(limit));
    const summary = await readFile(files.summary, 'utf8');
    return { code, stdout, summary, outputs: readFileCommands(files.output) };
  } finally {
    rmSync(files.dir, { recursive: true, force: true });
  }
}

/** The id of the run's first failed step, from the API. */
async function failedStepId(baseUrl: string, runId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v3/runs/${encodeURIComponent(runId)}/steps`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const steps = (await response.json()) as Array<{ id: string; result: string }>;
  const failed = steps.find((step) => step.result === 'failed');
  if (!failed) throw new Error(`run ${runId} has no failed step`);
  return failed.id;
}

/** The three pictures of one failed run. */
function shotsOf(run: StepRun, inputs: Record<string, string>, runPage: string): Shot[] {
  return [
    {
      path: join(DOCS, 'summary-failed.png'),
      width: 1024,
      html: summaryPage(run.summary, { job: JOB }),
      selector: '#shot',
      // "Why it failed" starts collapsed; the picture shows the first failed step open.
      prepare: (page) => page.locator('details > summary').first().click(),
    },
    {
      path: join(DOCS, 'log.png'),
      width: 1132,
      html: logPage(run.stdout, {
        job: JOB,
        failed: true,
        step: { title: STEP_TITLE, inputs: { ...inputs, token: '***' } },
      }),
      selector: '#shot',
    },
    { path: join(DOCS, 'run-page.png'), width: 1100, url: runPage },
  ];
}

async function main(): Promise<void> {
  const emulator = await startWorld();
  try {
    const inputs = {
      'base-url': emulator.url,
      token: TOKEN,
      pipeline: 'acme/webapp/build',
      'env-vars': 'EMULATOR_FAIL_STEP=npm test',
      'poll-interval': '1s',
    };
    say(`Running the action against the emulator at ${emulator.url} (step "npm test" fails)…`);
    const run = await runStep(inputs);
    if (run.code !== 1 || run.outputs.result !== 'failed') {
      throw new Error(`expected a failed run, got exit code ${run.code} and result ${run.outputs.result}`);
    }
    // The run is over: from here on the pages read the same world, however long the pictures take.
    emulator.control.setSpeed(0);
    const runPage = new URL(run.outputs['web-url']!);
    runPage.searchParams.set('step', await failedStepId(emulator.url, run.outputs['run-id']!));

    const browser = await launchBrowser();
    try {
      for (const shot of shotsOf(run, inputs, runPage.href)) {
        const size = await capture(browser.context, shot);
        say(`${relative(root, shot.path)}  ${Math.round(size / 1024)} KB`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await emulator.close();
  }
}

await main();
