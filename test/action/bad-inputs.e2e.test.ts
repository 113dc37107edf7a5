// Every bad input of test/support/bad-inputs.ts, given to the bundled main entry: it fails naming the
// input, shows no token, and sends nothing to the emulator.
import { describe, expect, it } from 'vitest';
import { parseRunnerOutput, runAction } from '../support/action-harness.ts';
import { BAD_INPUTS } from '../support/bad-inputs.ts';
import { tokenWindows, visibleTextOf } from '../support/token-leaks.ts';
import { emulatorPerFile } from './emulator-kit.ts';

const kit = emulatorPerFile(20);

describe('bad inputs', () => {
  // Concurrent: every row must send nothing, so any request at all fails whichever rows see it.
  it.concurrent.each(BAD_INPUTS.map((row) => [row.name, row] as const))(
    '%s: fails naming the input and sends nothing',
    async (_name, row) => {
      const inputs = row.input === 'base-url' ? row.inputs : { ...row.inputs, 'base-url': kit.emulator.url };
      const result = await runAction(inputs);
      expect(result.code).toBe(1);
      const message = parseRunnerOutput(result.stdout)
        .errors.map((error) => error.message)
        .join('\n');
      expect(message).toContain(row.input);
      expect(message).toContain(row.fragment);
      expect(tokenWindows(visibleTextOf(result))).toEqual([]);
      expect(kit.emulator.control.requests()).toHaveLength(0);
    },
  );
});
