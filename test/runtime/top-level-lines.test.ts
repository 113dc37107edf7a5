import { describe, expect, it } from 'vitest';
import type { Log } from '../../src/core/ports.ts';
import { withTopLevelLines } from '../../src/runtime/top-level-lines.ts';

function recording(lines: string[]): Log {
  return {
    info: (line) => void lines.push(line),
    debug: () => undefined,
    warning: () => undefined,
    error: () => undefined,
    remote: (remote) => void lines.push(...remote.map((line) => `remote: ${line}`)),
    remoteText: (text) => void lines.push(`remote text: ${text}`),
    startGroup: (title) => void lines.push(`group: ${title}`),
    endGroup: () => void lines.push('endgroup'),
  };
}

describe('withTopLevelLines', () => {
  it('writes a top-level line at once when no group is open', () => {
    const lines: string[] = [];
    const log = withTopLevelLines(recording(lines));
    log.topLevel('Received SIGINT: stopping the wait.');
    expect(lines).toEqual(['Received SIGINT: stopping the wait.']);
  });

  it('holds top-level lines while a group is open, and writes them in order right after its end', () => {
    const lines: string[] = [];
    const log = withTopLevelLines(recording(lines));
    log.startGroup('… 2/3 build');
    log.remote(['one']);
    log.topLevel('Received SIGINT: stopping the wait.');
    log.remoteText!('two');
    log.topLevel('Received SIGINT again: finishing now.');
    log.info('the last line of the step');
    log.endGroup();
    log.info('Cancelled: aborting run 1…');
    expect(lines).toEqual([
      'group: … 2/3 build',
      'remote: one',
      'remote text: two',
      'the last line of the step',
      'endgroup',
      'Received SIGINT: stopping the wait.',
      'Received SIGINT again: finishing now.',
      'Cancelled: aborting run 1…',
    ]);
  });

  it('keeps what the log it wraps has, and nothing it lacks', () => {
    const { remoteText: _text, ...rest } = recording([]);
    const plain: Log = rest;
    expect(withTopLevelLines(plain).remoteText).toBeUndefined();
    expect(withTopLevelLines(recording([])).remoteText).toBeTypeOf('function');
  });
});
