// `npm run screenshots`: the README's pictures of a failed run, taken from a real one.
//
// Starts the embedded emulator on a fixed world with its clock stopped, runs the action from its sources
// (`node src/action/index.ts`, so that no bundle is needed) the way the GitHub runner runs a step, with step
// "npm test" of acme/webapp/build failing, moves the clock to the middle of that step and waits for the
// action to have printed what the step has written so far, then lets the run end. Then draws in Debian's
// chromium:
//   docs/log-live.png        the step's log at that moment: the running step's lines streamed into its group
//   docs/summary-failed.png  the job summary, as GitHub would render its Markdown (approximately)
//   docs/summary-tests.png   the summary's failed tests, read from the JUnit report the failed step stored
//   docs/log.png             the step's log at the end, as the runner reads the action's output and the job
//                            page shows it
//   docs/run-page.png        the emulator's page of the run, opened at the failed step
// Each run writes the pictures again.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWorld, startEmulator, type Emulator } from '../src/emulator/index.ts';
import { parseRunnerOutput } from '../test/support/action-harness.ts';
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
/** Each step lasts this long and writes its lines evenly over it: 3 header lines and LOG_LINES more. */
const STEP_MS = 8000;
const LOG_LINES = 9;
/** The picture of the live log is taken halfway through step 4, "npm test": 6 of its 12 lines written. */
const LIVE_STEP = 4;
const LIVE_LINES = 6;
const TOKEN = 'demo-token';
const JOB = 'ci';
const STEP_TITLE = 'Run ci-run-action/ci-run-action@v0';
const STEP_LIMIT_MS = 60_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

async function startWorld(): Promise<Emulator> {
  try {
    return await startEmulator({ world: WORLD, speed: 0, port: PORT });
  } catch {
    return startEmulator({ world: WORLD, speed: 0 });
  }
}

interface StepRun {
  code: number | null;
  stdout: string;
  summary: string;
  outputs: Record<string, string>;
}

interface RunningStep {
  /** What the step has printed so far. */
  stdout(): string;
  ended: Promise<StepRun>;
}

/** One step of a job, as the runner runs it: INPUT_* variables, the step's files, stdout read as the log. */
function startStep(inputs: Record<string, string>): RunningStep {
  const files = makeFiles();
  const child = spawn(process.execPath, [ACTION], {
    env: stepEnv(files, inputs),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const limit = setTimeout(() => child.kill('SIGKILL'), STEP_LIMIT_MS);
  const ended = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  })
    .then(async (code) => {
      const summary = await readFile(files.summary, 'utf8');
      return { code, stdout, summary, outputs: readFileCommands(files.output) };
    })
    .finally(() => {
      clearTimeout(limit);
      rmSync(files.dir, { recursive: true, force: true });
    });
  return { stdout: () => stdout, ended };
}

/** Resolves once `ready` holds for what the step has printed; fails if the step ends or it takes too long. */
async function printed(step: RunningStep, what: string, ready: (stdout: string) => boolean): Promise<string> {
  let over = false;
  void step.ended.finally(() => (over = true));
  for (const until = Date.now() + STEP_LIMIT_MS; Date.now() < until && !over;) {
    const stdout = step.stdout();
    if (ready(stdout)) return stdout;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the action did not print ${what}:\n${step.stdout()}`);
}

/** The live log halfway through step 4: the world's clock moved there, and the step's lines written by then printed. */
async function liveMoment(emulator: Emulator, step: RunningStep): Promise<string> {
  await printed(step, 'that it triggered the run', (stdout) => /^Triggered run /m.test(stdout));
  emulator.control.advance((LIVE_STEP - 0.5) * STEP_MS);
  const group = new RegExp(`^… ${LIVE_STEP}/5 `);
  return printed(step, `${LIVE_LINES} lines of step ${LIVE_STEP}`, (stdout) =>
    parseRunnerOutput(stdout).groups.some(
      (entry) => group.test(entry.title) && entry.lines.length >= LIVE_LINES,
    ),
  );
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

/** The pictures of one failed run: its live log halfway through, and the three of its end. */
function shotsOf(live: string, run: StepRun, inputs: Record<string, string>, runPage: string): Shot[] {
  const step = { title: STEP_TITLE, inputs: { ...inputs, token: '***' } };
  return [
    {
      path: join(DOCS, 'log-live.png'),
      width: 1132,
      // The steps that have ended are folded; the running one is open, as a reader following it keeps it.
      html: logPage(live, { job: JOB, failed: false, running: true, step, open: (_title, last) => last }),
      selector: '#shot',
    },
    {
      path: join(DOCS, 'summary-failed.png'),
      width: 1024,
      html: summaryPage(run.summary, { job: JOB }),
      selector: '#shot',
      // "Why it failed" starts collapsed; the picture shows the first failed step open.
      prepare: (page) => page.locator('details > summary').first().click(),
    },
    {
      path: join(DOCS, 'summary-tests.png'),
      width: 1024,
      html: summaryPage(run.summary, { job: JOB }),
      selector: '#tests-shot',
      // The "Tests" heading and what follows it, each failure text folded as the summary shows it.
      prepare: async (page) => {
        // In the page (its DOM is not in this project's types): the section wrapped in one box to draw.
        await page.evaluate(`(() => {
          const heading = [...document.querySelectorAll('h3')].find((each) => each.textContent === 'Tests');
          if (!heading) throw new Error('the summary has no Tests section');
          const box = document.createElement('div');
          box.id = 'tests-shot';
          box.style.padding = '16px';
          heading.before(box);
          box.append(heading);
          while (box.nextSibling && box.nextSibling.nodeName !== 'H3') box.append(box.nextSibling);
        })()`);
      },
    },
    {
      path: join(DOCS, 'log.png'),
      width: 1132,
      // The failed step's group (the last: the run stopped there) open, the others folded.
      html: logPage(run.stdout, { job: JOB, failed: true, step, open: (_title, last) => last }),
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
      'env-vars': [
        'EMULATOR_FAIL_STEP=npm test',
        'EMULATOR_QUEUE_MS=0',
        `EMULATOR_STEP_MS=${STEP_MS}`,
        `EMULATOR_LOG_LINES=${LOG_LINES}`,
      ].join('\n'),
      'poll-interval': '1s',
      'test-reports': '**/junit*.xml',
    };
    say(`Running the action against the emulator at ${emulator.url} (step "npm test" fails)…`);
    const step = startStep(inputs);
    const live = await liveMoment(emulator, step);
    emulator.control.setSpeed(4);
    const run = await step.ended;
    if (run.code !== 1 || run.outputs.result !== 'failed') {
      throw new Error(`expected a failed run, got exit code ${run.code} and result ${run.outputs.result}`);
    }
    // The run is over: from here on the pages read the same world, however long the pictures take.
    emulator.control.setSpeed(0);
    const runPage = new URL(run.outputs['web-url']!);
    runPage.searchParams.set('step', await failedStepId(emulator.url, run.outputs['run-id']!));

    const browser = await launchBrowser();
    try {
      for (const shot of shotsOf(live, run, inputs, runPage.href)) {
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
