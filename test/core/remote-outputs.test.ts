import { describe, expect, it } from 'vitest';
import {
  addRemoteOutputs,
  emptyRemoteOutputs,
  MAX_REMOTE_BYTES,
  MAX_REMOTE_KEYS,
  parseRemoteOutputs,
} from '../../src/core/remote-outputs.ts';

describe('parseRemoteOutputs: the env-vars grammar', () => {
  it('reads KEY=VALUE verbatim, blocks, comments and CRLF', () => {
    const text = [
      '# the build',
      'IMAGE=registry/app@sha256:abc',
      '  SPACED = " kept as is "  ',
      'EQUALS=a=b',
      'EMPTY=',
      '',
      'NOTES<<EOF',
      'line one',
      '# not a comment',
      'EOF',
      'EXPANDED=$HOME and `cmd`\r',
    ].join('\n');
    expect(parseRemoteOutputs(text)).toEqual({
      pairs: [
        ['IMAGE', 'registry/app@sha256:abc'],
        ['SPACED', ' " kept as is "  '],
        ['EQUALS', 'a=b'],
        ['EMPTY', ''],
        ['NOTES', 'line one\n# not a comment'],
        ['EXPANDED', '$HOME and `cmd`'],
      ],
      dropped: 0,
    });
  });

  it('drops what it cannot read, counting it', () => {
    const text = [
      '1BAD=x',
      'GOOD=1',
      'no equals here',
      'bad-key=x',
      '__proto__=x',
      'constructor=x',
      'prototype=x',
    ].join('\n');
    expect(parseRemoteOutputs(text)).toEqual({ pairs: [['GOOD', '1']], dropped: 6 });
  });

  it('drops an unclosed block and the lines after it as one', () => {
    expect(parseRemoteOutputs('A=1\nB<<END\nx\nC=3')).toEqual({ pairs: [['A', '1']], dropped: 1 });
    expect(parseRemoteOutputs('A=1\nB<<\nC=3')).toEqual({ pairs: [['A', '1']], dropped: 1 });
  });

  it('reads a JSON object of strings when the first non-blank character is `{`', () => {
    expect(parseRemoteOutputs('  {"A": "1", "B": "two", "N": 3, "bad key": "x", "__proto__": "p"}')).toEqual({
      pairs: [
        ['A', '1'],
        ['B', 'two'],
      ],
      dropped: 3,
    });
    expect(parseRemoteOutputs('{not json')).toEqual({ pairs: [], dropped: 1 });
    expect(parseRemoteOutputs('{}')).toEqual({ pairs: [], dropped: 0 });
  });
});

describe('addRemoteOutputs', () => {
  it('keeps values in a null-prototype object, later steps replacing earlier ones', () => {
    const first = addRemoteOutputs(emptyRemoteOutputs(), 'A=1\nB=2');
    const second = addRemoteOutputs(first, '{"B": "3", "C": "4"}');
    expect(Object.getPrototypeOf(second.values)).toBeNull();
    expect({ ...second.values }).toEqual({ A: '1', B: '3', C: '4' });
    expect({ ...first.values }).toEqual({ A: '1', B: '2' });
  });

  it(`keeps at most ${MAX_REMOTE_KEYS} keys, counting what is dropped`, () => {
    const lines = Array.from({ length: 120 }, (_, i) => `K${i}=v`).join('\n');
    const outputs = addRemoteOutputs(emptyRemoteOutputs(), lines);
    expect(Object.keys(outputs.values)).toHaveLength(MAX_REMOTE_KEYS);
    expect(outputs.dropped).toBe(20);
    // A key already there may still change.
    const changed = addRemoteOutputs(outputs, 'K0=new\nNEW=x');
    expect(changed.values.K0).toBe('new');
    expect(changed.values.NEW).toBeUndefined();
    expect(changed.dropped).toBe(21);
  });

  it('keeps at most 64 KiB of keys and values', () => {
    const big = 'x'.repeat(40 * 1024);
    const outputs = addRemoteOutputs(emptyRemoteOutputs(), `A=${big}\nB=${big}\nC=small`);
    expect(Object.keys(outputs.values)).toEqual(['A', 'C']);
    expect(outputs.dropped).toBe(1);
    const total = Object.entries(outputs.values).reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    expect(total).toBeLessThanOrEqual(MAX_REMOTE_BYTES);
  });
});
