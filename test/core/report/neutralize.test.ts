import { describe, expect, it } from 'vitest';
import {
  createCommandFence,
  defuseLogLine,
  fenceFor,
  fenceLogLines,
  randomToken,
  sanitizeLine,
} from '../../../src/core/report/neutralize.ts';

/** A token source that hands out the given tokens in turn. */
function tokens(...values: string[]): () => string {
  let next = 0;
  return () => {
    const value = values[next];
    next += 1;
    if (value === undefined) throw new Error('no more tokens');
    return value;
  };
}

// A model of how the runner decides that a line is a command (see the comment in neutralize.ts): `::name`
// at the start after trimming whitespace, or `##[name` anywhere.
function looksLikeCommand(line: string): boolean {
  return /^\s*::[A-Za-z]/.test(line) || line.includes('##[');
}

describe('command fence', () => {
  it('uses a long random hex token', () => {
    const fence = createCommandFence();
    expect(fence.token).toMatch(/^[0-9a-f]{64}$/);
    expect(fence.start).toBe(`::stop-commands::${fence.token}`);
    expect(fence.end).toBe(`::${fence.token}::`);
    expect(randomToken()).not.toBe(randomToken());
  });

  it('draws a new token while the text contains the drawn one, in any case', () => {
    const taken = 'aaaaaaaaaaaaaaaa1111';
    const alsoTaken = 'bbbbbbbbbbbbbbbb2222';
    const fresh = 'cccccccccccccccc3333';
    const text = [`::${taken.toUpperCase()}::`, `nothing here`, `##[${alsoTaken}]`];
    const fence = fenceFor(text, tokens(taken, alsoTaken, fresh));
    expect(fence.token).toBe(fresh);
    expect(fenceFor(text.join('\n'), tokens(taken, fresh)).token).toBe(fresh);
  });

  it('gives up rather than loop forever on a token source that keeps colliding', () => {
    const stuck = 'dddddddddddddddd4444';
    expect(() => fenceFor(`x ${stuck} y`, () => stuck)).toThrow(/attempts/);
  });

  it('refuses short or unusual tokens', () => {
    expect(() => createCommandFence(() => 'short')).toThrow();
    expect(() => createCommandFence(() => 'has spaces in it, too long')).toThrow();
    expect(() => createCommandFence(() => 'error')).toThrow();
  });

  it('wraps log lines: start, defused body, end; the token is not in the body', () => {
    const remote = ['::error::boom', '::add-mask::secret', '::set-output name=x::y', '##[endgroup]', 'plain'];
    const printed = fenceLogLines(remote, tokens('eeeeeeeeeeeeeeee5555'));
    expect(printed[0]).toBe('::stop-commands::eeeeeeeeeeeeeeee5555');
    expect(printed.at(-1)).toBe('::eeeeeeeeeeeeeeee5555::');
    expect(printed.slice(1, -1)).toEqual([
      '::error::boom',
      '::add-mask::secret',
      '::set-output name=x::y',
      '# #[endgroup]',
      'plain',
    ]);
  });

  it('checks the token against the text as printed', () => {
    // The fence must not be ended by the remote text, whatever the token source returns first.
    const token = 'ffffffffffffffff6666';
    const printed = fenceLogLines([`::${token}::`, '::error::after'], tokens(token, 'abababababababab7777'));
    expect(printed[0]).toBe('::stop-commands::abababababababab7777');
  });
});

describe('defuseLogLine', () => {
  it('breaks every ##[ and leaves the rest', () => {
    expect(defuseLogLine('a ##[add-mask]b ##[error]c')).toBe('a # #[add-mask]b # #[error]c');
    expect(defuseLogLine('###[x] ##[##[y]')).not.toContain('##[');
    expect(defuseLogLine('\u001b[31mred\u001b[0m ::error::kept')).toBe(
      '\u001b[31mred\u001b[0m ::error::kept',
    );
  });
});

describe('sanitizeLine', () => {
  it('keeps ordinary text as it is', () => {
    expect(sanitizeLine('build & test: 100% (ok)')).toBe('build & test: 100% (ok)');
    expect(sanitizeLine('tab\tkept')).toBe('tab\tkept');
  });

  it('turns every kind of line break into a space, so a title cannot start a second line', () => {
    const line = sanitizeLine('a\n::endgroup::\rb\r\n::error::c\u2028d\u2029e\u0085f\vg\fh');
    expect(line).not.toMatch(/[\n\r\v\f\u0085\u2028\u2029]/);
    expect(line).toBe('a ::endgroup:: b ::error::c d e f g h');
  });

  it('never starts with ::, even after whitespace or invisible characters', () => {
    for (const text of [
      '::error::x',
      '  ::add-mask::x',
      '\t::set-output name=a::b',
      '\u200b::error::x',
      '\u0000::x',
    ]) {
      const line = sanitizeLine(text);
      expect(looksLikeCommand(line), JSON.stringify(line)).toBe(false);
      expect(line.startsWith('› ')).toBe(true);
    }
    expect(sanitizeLine('not :: a command')).toBe('not :: a command');
  });

  it('never contains ##[', () => {
    expect(sanitizeLine('x ##[add-mask]secret')).toBe('x # #[add-mask]secret');
  });

  it('replaces control characters, terminal escapes included', () => {
    expect(sanitizeLine('\u001b[2Jclear\u0007')).toBe('\uFFFD[2Jclear\uFFFD');
  });

  it('cuts long text without splitting a surrogate pair', () => {
    expect(sanitizeLine('x'.repeat(50), { maxLength: 10 })).toBe(`${'x'.repeat(9)}…`);
    const cut = sanitizeLine(`${'x'.repeat(8)}😀😀`, { maxLength: 10 });
    expect(cut).toBe(`${'x'.repeat(8)}…`);
  });

  it('makes hostile step names inert (generated cases)', () => {
    const pieces = [
      '::',
      '##[',
      '\n',
      '\r',
      'error',
      'endgroup',
      'add-mask',
      '::',
      ' ',
      '\u200b',
      '#',
      '[',
      ':',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let round = 0; round < 2000; round += 1) {
      let text = '';
      for (let count = next() % 8; count >= 0; count -= 1) text += pieces[next() % pieces.length];
      const line = sanitizeLine(text);
      expect(line).not.toMatch(/[\n\r]/);
      expect(looksLikeCommand(line), JSON.stringify(text)).toBe(false);
    }
  });
});
