// `npm run demo` (or `npm run demo -- --scenario pass|fail|cancel|chain|github`)
//
// Starts the embedded emulator and runs the bundled action against it the way the GitHub runner does: `node
// dist/index.js` as a child process with INPUT_* variables (the defaults of action.yml for every input not
// given) and GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files; after a cancellation, the post entry
// with the STATE_* variables the runner passes. The log is shown live, then the outputs and the job summary.
// Exits 0 when the scenario behaved as expected (a demo of a failing run succeeds when the run fails).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { colorWanted, createStyle } from '../src/cli/terminal/color.ts';
import { startEmulator } from '../src/emulator/index.ts';
import { githubScenario } from './demo/github.ts';
import { htmlToText } from './demo/html-text.ts';
import { createWorkflowCommandView } from './demo/workflow-commands.ts';
import { MAIN_ENTRY, makeFiles, POST_ENTRY, readFileCommands, stepEnv } from './runner.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCENARIOS = ['pass', 'fail', 'cancel', 'chain', 'github'];
/** World time runs this much faster: a default run of about 8 world-seconds takes about 4 seconds. */
const SPEED = 2;
/** A step that would outlast any demo: the cancel scenario interrupts it. */
const ENDLESS_STEP = 'EMULATOR_STEP_MS=600000';
/** The most a single action step may take before the demo gives up on it. */
const STEP_LIMIT_MS = 45_000;
const TOKEN = 'demo-token';
/** A fixed interval shows the progress as it moves; `auto` paces itself on the world's (faster) history. */
const POLLING = { 'poll-interval': '1s' };

const style = createStyle(colorWanted(process.env, process.stdout.isTTY === true));
const say = (line = '') => process.stdout.write(`${line}\n`);

function readScenario() {
  const { values } = parseArgs({
    options: { scenario: { type: 'string', default: 'pass' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    say('Usage: npm run demo [-- --scenario pass|fail|cancel|chain|github]');
    say('  pass    a run of acme/webapp/build that passes (the default)');
    say('  fail    the same run with step "npm test" failing: log tail, annotation, a failed step');
    say('  cancel  a long run cancelled by the runner (SIGINT): the remote run is aborted');
    say('  chain   acme/webapp/build, then acme/webapp/test chained from it with source-run-id');
    say('  github  a failing run on a pull request, reported to a local fake GitHub as a commit');
    say('          status, a check run and a deployment; prints what GitHub received');
    process.exit(0);
  }
  if (!SCENARIOS.includes(values.scenario)) {
    process.stderr.write(
      `demo: unknown scenario "${values.scenario}"; choose one of ${SCENARIOS.join(', ')}.\n`,
    );
    process.exit(2);
  }
  return values.scenario;
}

function ensureDist() {
  if (existsSync(MAIN_ENTRY) && existsSync(POST_ENTRY)) return;
  say(style.dim('dist/ is missing: building it first (node scripts/bundle.mjs)…'));
  execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs')], { cwd: root, stdio: 'inherit' });
}

/**
 * Runs one entry of the action as the runner does and shows its log as it comes. `onLine` sees each raw line
 * (the cancel scenario uses it to decide when to send SIGINT).
 */
function runEntry(entry, inputs, files, { state = {}, onLine, env: extra = {} } = {}) {
  const env = { ...stepEnv(files, inputs, state), ...extra };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const view = createWorkflowCommandView(style);
  const raw = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    raw.push(line);
    for (const shown of view.render(line)) say(`  ${shown}`.trimEnd());
    onLine?.(line, child);
  });
  createInterface({ input: child.stderr }).on('line', (line) =>
    say(`  ${style.red(view.render(line).join(' '))}`),
  );
  const limit = setTimeout(() => child.kill('SIGKILL'), STEP_LIMIT_MS);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, raw });
    });
  });
}

/** The step as a workflow would write it; `expressions` shows where a value came from. */
function showWith(title, inputs, expressions = {}) {
  say();
  say(style.bold(`▶ ${title}`));
  say(style.dim('  uses: ./   (node dist/index.js, as the runner runs it)'));
  say(style.dim('  with:'));
  for (const [name, value] of Object.entries(inputs)) {
    if (name === 'token') say(style.dim(`    ${name}: \${{ secrets.CI_TOKEN }}`));
    else if (name === 'github-token') say(style.dim(`    ${name}: \${{ github.token }}`));
    else if (expressions[name]) say(style.dim(`    ${name}: ${expressions[name]}   # ${value}`));
    else if (value.includes('\n')) {
      say(style.dim(`    ${name}: |`));
      for (const line of value.split('\n')) say(style.dim(`      ${line}`));
    } else say(style.dim(`    ${name}: ${value}`));
  }
  say();
}

function showOutcome(result) {
  const text =
    result.code === 0
      ? style.green('exit code 0: the step passed')
      : style.red(`exit code ${result.code ?? result.signal}: the step failed`);
  say();
  say(`  ${text}`);
}

function showOutputs(outputs) {
  say();
  say(style.bold('Outputs'));
  const width = Math.max(...Object.keys(outputs).map((name) => name.length)) + 2;
  for (const [name, value] of Object.entries(outputs)) {
    const oneLine = value.replace(/\s+/g, ' ');
    const shown = oneLine.length > 100 ? `${oneLine.slice(0, 99)}…` : oneLine;
    say(`  ${name.padEnd(width)}${shown}`);
  }
}

function showSummary(files) {
  const html = readFileSync(files.summary, 'utf8');
  say();
  say(style.bold('Job summary'));
  if (html.trim() === '') return say('  (empty)');
  for (const line of htmlToText(html, { heading: style.bold }).trimEnd().split('\n'))
    say(`  ${line}`.trimEnd());
}

/** One step of a job: runs the main entry, shows its outputs and summary, returns what happened. */
async function actionStep(title, given, options) {
  const inputs = { ...given, ...POLLING };
  showWith(title, inputs, options?.expressions);
  const files = makeFiles();
  try {
    const result = await runEntry(MAIN_ENTRY, inputs, files, options);
    showOutcome(result);
    const outputs = readFileCommands(files.output);
    const state = readFileCommands(files.state);
    showOutputs(outputs);
    showSummary(files);
    return { ...result, inputs, outputs, state, files };
  } finally {
    if (!options?.keepFiles) rmSync(files.dir, { recursive: true, force: true });
  }
}

const scenarios = {
  async pass(connection) {
    const step = await actionStep('Run the build pipeline', { ...connection, pipeline: 'acme/webapp/build' });
    return expect([
      [step.code === 0, 'the step passed'],
      [step.outputs.result === 'passed', 'the output `result` is passed'],
    ]);
  },

  async fail(connection) {
    const step = await actionStep('Run the build pipeline, with step "npm test" failing', {
      ...connection,
      pipeline: 'acme/webapp/build',
      'env-vars': 'EMULATOR_FAIL_STEP=npm test',
    });
    return expect([
      [step.code === 1, 'the step failed (exit code 1)'],
      [step.outputs.result === 'failed', 'the output `result` is failed'],
      [
        step.raw.some((line) => /^::error title=.*npm test/.test(line)),
        'an annotation names the failed step',
      ],
    ]);
  },

  async cancel(connection, emulator) {
    let sent = false;
    const onLine = (line, child) => {
      if (sent || !/^running /.test(line)) return;
      sent = true;
      setTimeout(() => {
        say(`  ${style.yellow('⌃C  the job is cancelled: the runner sends SIGINT to the step')}`);
        child.kill('SIGINT');
      }, 1000);
    };
    const step = await actionStep(
      'Run the build pipeline with a step that never ends, then cancel the job',
      { ...connection, pipeline: 'acme/webapp/build', 'env-vars': ENDLESS_STEP },
      { onLine, keepFiles: true },
    );
    try {
      say();
      say(
        style.bold('▶ Post step') +
          style.dim('   (node dist/post/index.js with the STATE_* the main step saved)'),
      );
      const post = await runEntry(POST_ENTRY, step.inputs, step.files, {
        state: step.state,
      });
      if (post.raw.every((line) => line.startsWith('::debug::'))) {
        say(style.dim('  (nothing to do: the main step had already aborted the run)'));
      }
      showOutcome(post);
      const run = emulator.control.runs().find((view) => view.id === step.outputs['run-id']);
      const aborts = emulator.control
        .requests()
        .filter((entry) => entry.method === 'PUT' && entry.path.endsWith('/abort'));
      return expect([
        [sent, 'SIGINT was sent while the run was running'],
        [step.code === 1, 'the main step failed (cancelled)'],
        [aborts.length >= 1, 'the action asked the server to abort the run'],
        [run?.status === 'finished' && run?.result === 'aborted', 'the remote run is finished/aborted'],
        [step.outputs.result === 'aborted', 'the output `result` is aborted'],
        [post.code === 0, 'the post step passed'],
      ]);
    } finally {
      rmSync(step.files.dir, { recursive: true, force: true });
    }
  },

  async chain(connection, emulator) {
    const build = await actionStep('Step `build`: run acme/webapp/build', {
      ...connection,
      pipeline: 'acme/webapp/build',
    });
    if (build.code !== 0) return expect([[false, 'the build step passed']]);
    const test = await actionStep(
      'Step `test`: run acme/webapp/test, chained from the build run',
      { ...connection, pipeline: 'acme/webapp/test', 'source-run-id': build.outputs['run-id'] },
      { expressions: { 'source-run-id': '${{ steps.build.outputs.run-id }}' } },
    );
    const chained = emulator.control.runs().find((view) => view.id === test.outputs['run-id']);
    return expect([
      [build.code === 0 && test.code === 0, 'both steps passed'],
      [chained?.sourceRunId === build.outputs['run-id'], 'the test run was chained from the build run'],
    ]);
  },
};

function expect(checks) {
  say();
  for (const [ok, what] of checks) say(`${ok ? style.green('✔') : style.red('✖')} ${what}`);
  return checks.every(([ok]) => ok);
}

async function main() {
  const scenario = readScenario();
  ensureDist();
  const emulator = await startEmulator({ speed: SPEED });
  try {
    say(
      style.bold(`CI Service API v3 emulator at ${emulator.url}`) +
        style.dim(` (default world, time ×${SPEED})`),
    );
    say(style.dim(`Scenario "${scenario}": the bundled action, run as the GitHub runner runs it.`));
    const connection = { 'base-url': emulator.url, token: TOKEN };
    const ok =
      scenario === 'github'
        ? await githubScenario(connection, { actionStep, say, style, expect })
        : await scenarios[scenario](connection, emulator);
    say();
    say(
      ok
        ? style.green(`The "${scenario}" demo behaved as expected.`)
        : style.red(`The "${scenario}" demo did not behave as expected (see above).`),
    );
    return ok ? 0 : 1;
  } finally {
    await emulator.close();
  }
}

process.exitCode = await main();
