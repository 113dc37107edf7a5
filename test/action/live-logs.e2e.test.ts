// Live step logs, as the runner reads the bundled action's output: a step's log is printed while the step
// runs, every line once and in order, none of it taken as a workflow command; from a server that ignores
// Range, and with log reads answered 503 or dropped halfway through their body. The emulator's clock is
// stopped in the middle of a step until the action has printed a line of it: no timing is assumed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { MULTIBYTE_LINE } from '../../src/emulator/logs.ts';
import { parseRunnerOutput, startAction, type RunnerOutput } from '../support/action-harness.ts';
import { ensureBundle } from '../support/bundle.ts';

const BUILD = '620000000000000000000001';
const LOG_ROUTE = '/api/v3/runsteps/:stepId/log';
// Five steps of 10 s, each writing 13 lines (3 header lines, 10 more) over its 10 s.
const STEPS = 'EMULATOR_QUEUE_MS=0\nEMULATOR_STEP_MS=10000\nEMULATOR_LOG_LINES=10';

let emulator: Emulator;

beforeAll(async () => {
  await ensureBundle();
  emulator = await startEmulator({ speed: 0 });
}, 120_000);
afterAll(async () => emulator?.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.setSpeed(0);
});

async function api(path: string): Promise<Response> {
  return fetch(path.startsWith('http') ? path : `${emulator.url}/api/v3${path}`, {
    headers: { authorization: 'Bearer demo-token' },
  });
}

// Letters and digits only: the fence breaks `##[` up, and both the runner and the action end a line at a lone CR.
const words = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** Only the action's own commands took effect, and every fence it opened was closed by its own token. */
function expectOnlyOwnCommands(output: RunnerOutput): void {
  expect(output.aborted).toBeUndefined();
  expect(output.masks).toEqual(['demo-token']);
  expect(output.annotations).toEqual([]);
  expect({ ...output.outputs, ...output.state, ...output.env }).toEqual({});
  expect([...output.paths, ...output.matchers]).toEqual([]);
  // No remote line reached a debug command (the emulator's own fault answers say "Injected fault").
  const injected = (message: string) => /injected/i.test(message.replace(/Injected fault/g, ''));
  expect(output.debug.filter(injected)).toEqual([]);
  expect(output.failed).toBe(false);
  for (const group of output.groups)
    expect(group).toMatchObject({ openedByText: false, closedBy: 'command' });
  expect(output.stops.length).toBeGreaterThan(5);
  for (const stop of output.stops) expect(output.lines[stop.resumedAt ?? -1]).toBe(`::${stop.token}::`);
  const names = new Set(
    output.commands.map((command) => (command.outcome === 'resume' ? 'resume' : command.name)),
  );
  expect([...names].sort()).toEqual(['add-mask', 'debug', 'endgroup', 'group', 'resume', 'stop-commands']);
}

describe('step-logs: live (the default for one target)', () => {
  it.each([
    ['a server that honours Range', () => undefined],
    ['a server that ignores Range', () => emulator.control.setQuirks({ ignoreRange: true })],
    [
      'log reads answered 503 and dropped mid-body',
      () => {
        emulator.control.injectFault({ method: 'GET', route: LOG_ROUTE, status: 503, times: 2 });
        emulator.control.injectFault({ method: 'GET', route: LOG_ROUTE, dropAfterBytes: 150, times: 3 });
      },
    ],
  ])(
    'prints a step’s log while it runs, every line once, in order, inert: %s',
    async (_name, arrange) => {
      arrange();
      const action = startAction({
        'base-url': emulator.url,
        token: 'demo-token',
        'pipeline-id': BUILD,
        'poll-interval': '1s',
        'env-vars': STEPS,
      });
      await action.waitForOutput(/Triggered run/);
      const runId = emulator.control.runs().at(-1)!.id;

      // The world stops halfway through step 2 (10 s to 20 s): a line it has written by then must be printed
      // before its clock moves again, that is, while the step runs.
      emulator.control.advance(15_000);
      const steps = (await (await api(`/runs/${runId}/steps`)).json()) as Array<{
        id: string;
        logUrl: string;
      }>;
      await action.waitForOutput(new RegExp(`Using cache key ${steps[1]!.id.slice(-8)}`));
      expect(action.stdout()).not.toMatch(/^✔ 2\/5 setup environment/m);

      emulator.control.setSpeed(10);
      const result = await action.result;
      expect(result.code, result.stdout.slice(-3000)).toBe(0);

      const output = parseRunnerOutput(result.stdout);
      expectOnlyOwnCommands(output);
      expect(output.groups.map((group) => group.title)).toEqual([
        expect.stringMatching(/^✔ 1\/5 get code \(10s\)$/),
        '… 2/5 setup environment',
        expect.stringMatching(/ 3\/5 npm ci/),
        expect.stringMatching(/ 4\/5 npm test/),
        expect.stringMatching(/ 5\/5 store/),
      ]);
      for (const [index, step] of steps.entries()) {
        const log = await (await api(step.logUrl)).text();
        const group = output.groups[index]!.lines.filter((line) => !line.startsWith('The log of '));
        // Each line once, in order: the letters of the group are the letters of the log.
        expect(words(group.join('\n'))).toBe(words(log));
        expect(group.filter((line) => line === MULTIBYTE_LINE)).toHaveLength(2);
      }
      // Its result: after its group when the action saw it running, as its group's title when it ran
      // between two polls (at speed 10 a step lasts a second, as long as the poll interval).
      expect(result.stdout).toMatch(/^(::group::)?✔ 5\/5 store \(10s\)$/m);
    },
    90_000,
  );
});
