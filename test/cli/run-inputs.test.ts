// `ci-run run`'s flags as the action's inputs: a repeated --pipeline, --pipeline-id or --run-id is one
// value per line, so the same settings read several targets.
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/commands/run.ts';
import { inputsFromFlags } from '../../src/cli/commands/run-inputs.ts';
import { parseCommandLine } from '../../src/cli/flags.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { readSettings } from '../../src/core/settings.ts';

const io = { env: {}, cwd: '/' } as unknown as CliIo;

function settingsOf(argv: string[]) {
  const { flags } = parseCommandLine(run, ['--base-url', 'https://ci.test', ...argv]);
  return readSettings(inputsFromFlags(flags, io, 'token'));
}

describe('run flags for several targets', () => {
  it('takes --pipeline and --pipeline-id repeated, ids first', () => {
    const settings = settingsOf([
      '--pipeline',
      'acme/web/build',
      '--pipeline-id',
      'p0000000000000000000000a',
      '--pipeline',
      'acme/web/test',
      '--fail-fast',
      'true',
    ]);
    expect(settings.targets).toEqual([
      { kind: 'pipeline-id', pipelineId: 'p0000000000000000000000a' },
      { kind: 'pipeline', owner: 'acme', application: 'web', pipeline: 'build' },
      { kind: 'pipeline', owner: 'acme', application: 'web', pipeline: 'test' },
    ]);
    expect(settings.failFast).toBe(true);
  });

  it('takes --run-id repeated, and one flag as one target', () => {
    const ids = ['r0000000000000000000000a', 'r0000000000000000000000b'];
    expect(settingsOf(['--run-id', ids[0]!, '--run-id', ids[1]!]).targets).toEqual(
      ids.map((runId) => ({ kind: 'run-id', runId })),
    );
    expect(settingsOf(['--pipeline', 'acme/web/build']).targets).toHaveLength(1);
  });
});
