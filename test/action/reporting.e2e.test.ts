// What the log and the job summary show, read the way the runner reads them: the emulator's step logs
// carry `::` lines that must stay inert, and remote strings that must stay escaped.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INJECTED_LINES, startEmulator, type Emulator } from '../../src/emulator/index.ts';
import {
  parseRunnerOutput,
  runAction,
  splitRunnerLines,
  startAction,
  type RunnerOutput,
} from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';

const BUILD = '620000000000000000000001';
const STEP_NAMES = ['get code', 'setup environment', 'npm ci', 'npm test', 'store'];
const HOSTILE = '<img src=x onerror=alert(1)>';

let emulator: Emulator;

beforeAll(async () => {
  await ensureBundle();
  emulator = await startEmulator({ speed: 20 });
}, 120_000);
afterAll(async () => emulator?.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(20);
});

const connection = () => ({ 'base-url': emulator.url, token: 'demo-token', 'poll-interval': '1s' });

// Letters and digits only: a log line printed with `##[` broken up still reads the same.
const words = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Only the action's own commands took effect: its token mask, one group per step holding one stop-commands
 * fence that its own `::<token>::` ends, and no annotation, output, state, environment, path, matcher or
 * failure. `steps` is how many step groups the log should hold.
 */
function expectOnlyOwnCommands(output: RunnerOutput, steps: number, errors: string[] = []): void {
  expect(output.aborted).toBeUndefined();
  expect(output.masks).toEqual(['demo-token']);
  expect(output.annotations.map((annotation) => annotation.message)).toEqual(errors);
  expect(output.annotations.every((annotation) => annotation.fromCommand)).toBe(true);
  expect({ ...output.outputs, ...output.state, ...output.env }).toEqual({});
  expect([...output.paths, ...output.matchers]).toEqual([]);
  expect(output.debug.filter((message) => /injected/i.test(message))).toEqual([]);
  expect(output.groups).toHaveLength(steps);
  for (const group of output.groups) {
    expect(group).toMatchObject({ openedByText: false, closedBy: 'command' });
  }
  expect(output.stops).toHaveLength(steps);
  for (const stop of output.stops) {
    expect(stop.token).toMatch(/^[0-9a-f]{32,}$/);
    expect(output.lines[stop.resumedAt ?? -1]).toBe(`::${stop.token}::`);
  }
  const counts: Record<string, number> = {};
  for (const command of output.commands) {
    const name = command.outcome === 'resume' ? 'resume' : command.name;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  const fenced = ['group', 'endgroup', 'stop-commands', 'resume'].map((name) => counts[name] ?? 0);
  expect(fenced).toEqual([steps, steps, steps, steps]);
  expect(Object.keys(counts).sort()).toEqual(
    ['add-mask', 'debug', 'endgroup', 'error', 'group', 'resume', 'stop-commands'].filter(
      (name) => name in counts,
    ),
  );
  expect(output.commands.filter((command) => command.outcome === 'failed')).toEqual([]);
  expect(output.failed).toBe(false);
}

describe('the log', () => {
  it('reports each finished step once, in order, in a group holding its log (step-logs: all)', async () => {
    const result = await runAction({ ...connection(), 'pipeline-id': BUILD, 'step-logs': 'all' });
    expect(result.code, result.stdout).toBe(0);
    const { groups } = parseRunnerOutput(result.stdout);
    expect(groups.map((group) => group.title)).toEqual(
      STEP_NAMES.map((name, index) => expect.stringMatching(new RegExp(`^✔ ${index + 1}/5 ${name} \\(`))),
    );
    for (const [index, group] of groups.entries()) {
      expect(group.lines.join('\n')).toContain(`Step "${STEP_NAMES[index]}" passed`);
    }
    expect(result.stdout.trimEnd().split('\n').at(-2)).toMatch(/^✔ Run passed in \d/);
  });

  it('prints only the failed step’s log with step-logs: failed, none with step-logs: none', async () => {
    const failed = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_FAIL_STEP=npm ci',
      'step-logs': 'failed',
    });
    expect(failed.code).toBe(1);
    const groups = parseRunnerOutput(failed.stdout).groups;
    expect(groups.map((group) => group.title)).toEqual([expect.stringMatching(/^✖ 3\/\d npm ci/)]);
    expect(groups[0]!.lines.join('\n')).toContain('ERROR: 3 tests failed');
    expect(failed.stdout).toMatch(/^✔ 1\/\d? ?get code/m);

    const none = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_FAIL_STEP=npm ci',
      'step-logs': 'none',
    });
    expect(parseRunnerOutput(none.stdout).groups).toHaveLength(0);
    expect(none.stdout).toMatch(/^✖ 3\/\d npm ci/m);
  });

  it('keeps remote workflow commands inert: no output, annotation, mask, group end or stop of their own', async () => {
    const steps = INJECTED_LINES.length;
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'step-logs': 'all',
      'env-vars': `EMULATOR_STEPS=${steps}\nEMULATOR_STEP_MS=50`,
    });
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.result).toBe('passed');
    const output = parseRunnerOutput(result.stdout);
    expectOnlyOwnCommands(output, steps);
    expect(parseRunnerOutput(result.stderr).commands).toEqual([]);
    // Each step's group shows its injected line as text, and the lines after it.
    for (const [index, injected] of INJECTED_LINES.entries()) {
      const group = output.groups[index]!;
      expect(group.title).toMatch(new RegExp(`^✔ ${index + 1}/${steps} step ${index + 1} \\(`));
      for (const part of splitRunnerLines(injected)) {
        expect(group.lines.map(words)).toContain(words(part));
      }
      expect(group.lines.at(-1)).toMatch(new RegExp(`^Step "step ${index + 1}" passed`));
    }
  });

  it('keeps them inert in the failed step’s annotation too', async () => {
    const steps = INJECTED_LINES.length;
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'step-logs': 'failed',
      'env-vars': `EMULATOR_STEPS=${steps}\nEMULATOR_STEP_MS=50\nEMULATOR_FAIL_STEP=step 7`,
    });
    expect(result.code, result.stdout).toBe(1);
    const output = parseRunnerOutput(result.stdout);
    // The injected `::error::` line comes first, but the script's own error line is the one quoted; a
    // log whose only words are a command is quoted inert (test/core/report/annotations.test.ts).
    expectOnlyOwnCommands(output, 1, [
      'ERROR: 3 tests failed',
      `The run failed at step 7/${steps} "step 7".`,
    ]);
    expect(output.errors[0]!.properties.title).toBe(`✖ Step 7/${steps} step 7 failed`);
  });

  it('keeps hostile step names inert in headings and group titles', async () => {
    const names = INJECTED_LINES.filter((line) => !line.includes(',')).map((line) => `${line} name`);
    for (const stepLogs of ['all', 'none']) {
      const result = await runAction({
        ...connection(),
        'pipeline-id': BUILD,
        'step-logs': stepLogs,
        'env-vars': `EMULATOR_STEP_NAMES=${names.join(',')}\nEMULATOR_STEP_MS=50`,
      });
      expect(result.code, result.stdout).toBe(0);
      expectOnlyOwnCommands(parseRunnerOutput(result.stdout), stepLogs === 'all' ? names.length : 0);
    }
  });

  it('bounds each tail and streams a 100 MB log in bounded memory', async () => {
    const action = startAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_STEPS=1\nEMULATOR_LOG_BYTES=100000000',
      'step-logs': 'all',
    });
    let peakKb = 0;
    const sampler = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${action.child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {
        // the process has exited
      }
    }, 25);
    const result = await action.result;
    clearInterval(sampler);
    expect(result.code, result.stdout.slice(-2000)).toBe(0);
    const [group] = parseRunnerOutput(result.stdout).groups;
    const logLines = group!.lines.filter((line) => !line.startsWith('…'));
    expect(logLines.length).toBeLessThanOrEqual(200 + 2);
    expect(group!.lines.join('\n')).toMatch(/earlier lines? .*not shown|omitted|not shown/i);
    expect(result.stdout.length).toBeLessThan(200_000);
    // Loose on purpose: the benchmark measures it; here it only must not scale with the 100 MB.
    console.info(`peak RSS while tailing a 100 MB log: ${Math.round(peakKb / 1024)} MiB`);
    if (peakKb > 0) expect(peakKb).toBeLessThan(300 * 1024);
  }, 60_000);

  it('annotates the failed step with its first error line, within the runner’s cap', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_FAIL_STEP=npm test',
    });
    const { errors } = parseRunnerOutput(result.stdout);
    expect(errors).toHaveLength(2);
    expect(errors[0]!.properties.title).toMatch(/Step 4\/5 npm test failed/);
    expect(errors[0]!.message).toBe('ERROR: 3 tests failed');
    expect(errors[1]!.message).toMatch(/failed at step 4\/5 "npm test"/);
  });
});

describe('the job summary', () => {
  it('tells the whole story: outcome, target, links, steps, env keys', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      branch: 'develop',
      message: 'Release candidate',
      'env-vars': 'FIRST=1\nSECOND=secret-value\nEMULATOR_FAIL_STEP=npm test',
    });
    expect(result.code).toBe(1);
    const summary = result.summary;
    expect(summary).toMatch(/failed/i);
    expect(summary).toContain('develop');
    expect(summary).toContain('Release candidate');
    expect(summary).toContain(`${emulator.url}/api/v3/runs/${result.outputs.id}`);
    expect(summary).toContain('/log');
    for (const name of ['get code', 'setup environment', 'npm ci', 'npm test'])
      expect(summary).toContain(name);
    expect(summary.indexOf('FIRST')).toBeLessThan(summary.indexOf('SECOND'));
    expect(summary).not.toContain('secret-value');
  });

  it('escapes remote and user strings', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      message: `Fix ${HOSTILE}`,
      'env-vars': `EMULATOR_STEP_NAMES=build,${HOSTILE}`,
      'step-logs': 'all',
    });
    expect(result.code, result.stdout).toBe(0);
    expect(result.summary).not.toContain('<img');
    expect(result.summary).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('stays under 1 MiB for a 5,000-step run and still lists every step in the output', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_STEPS=5000\nEMULATOR_STEP_MS=1',
      'step-logs': 'none',
    });
    expect(result.code, result.stdout.slice(-2000)).toBe(0);
    expect(Buffer.byteLength(result.summary)).toBeLessThan(1024 * 1024);
    expect(result.summary).toContain('step 1');
    expect(JSON.parse(result.outputs.steps!)).toHaveLength(5000);
  }, 60_000);

  it('is written on a timeout too', async () => {
    const result = await runAction({
      ...connection(),
      'pipeline-id': BUILD,
      'env-vars': 'EMULATOR_STEP_MS=600000',
      timeout: '1s',
    });
    expect(result.code).toBe(1);
    expect(result.summary).toMatch(/timed out/i);
  });
});
