import { describe, expect, it } from 'vitest';
import { createTerminalLog } from '../../src/cli/terminal/log.ts';
import { createStyle } from '../../src/cli/terminal/color.ts';
import { failedStepAnnotation, firstErrorLine } from '../../src/core/report/annotations.ts';
import { stepHeading } from '../../src/core/report/format.ts';
import { renderSummary } from '../../src/core/report/summary-html.ts';
import { summaryDoc, type SummaryData } from '../../src/core/report/summary-model.ts';
import { createCommandFence, fenceFor, randomToken } from '../../src/text/fence.ts';
import {
  cleanCell,
  clip,
  defuseLogLine,
  escapeHtml,
  fenceLogLines,
  fenceLogText,
  guardLogLine,
  htmlText,
  neutralize,
  sanitizeLine,
  splitLines,
  stripControls,
} from '../../src/text/safety.ts';

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

// A model of how the runner decides that a line is a command (see the comment in safety.ts): `::name` at
// the start after trimming whitespace, or `##[name` anywhere; format characters are skipped when comparing.
function looksLikeCommand(line: string): boolean {
  const compared = line.replace(/\p{Cf}/gu, '');
  return /^\s*::[A-Za-z]/.test(compared) || compared.includes('##[');
}

/** The body of a fence: the lines between its start and its end. */
function fenced(lines: readonly string[]): string[] {
  return fenceLogLines(lines, tokens('0123456789abcdef0123')).slice(1, -1);
}

const ESC = '\u001b';
// Controls but LF (the only line break the generated cases use), and the bidi override they use.
const LEFT_OVER = new RegExp(String.raw`[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]`);
const SGR_KEPT = new RegExp(String.raw`\x1b\[[0-9;:]*m`, 'g');

describe('neutralize', () => {
  it('keeps ordinary text, tabs and line breaks', () => {
    expect(neutralize('build & test: 100% (ok) ✔ 😀')).toBe('build & test: 100% (ok) ✔ 😀');
    expect(neutralize('a\tb\nc\r\nd\u2028e')).toBe('a\tb\nc\r\nd\u2028e');
  });

  it('removes C0 and C1 controls, DEL and the bidirectional controls', () => {
    expect(neutralize('a\u0000b\u0007c\u0008d\u001fe\u007ff')).toBe('abcdef');
    expect(neutralize('a\u0080b\u0084c\u0086d\u009ce\u009af')).toBe('abcdef');
    expect(neutralize('a\u202ab\u202ec\u2066d\u2069e\u200ef\u200fg\u061ch')).toBe('abcdefgh');
  });

  it('removes CSI sequences whole, in either form, also when cut before the final byte', () => {
    expect(neutralize(`a${ESC}[2Jb${ESC}[1;1Hc${ESC}[?25ld${ESC}[31me`)).toBe('abcde');
    expect(neutralize('a\u009b2Jb\u009b31mc')).toBe('abc');
    expect(neutralize(`cut ${ESC}[12;`)).toBe('cut ');
  });

  it('removes OSC, DCS, SOS, PM and APC strings up to BEL or ST', () => {
    expect(neutralize(`a${ESC}]0;title${ESC}\\b${ESC}]2;title\u0007c`)).toBe('abc');
    expect(neutralize(`${ESC}]8;;https://evil.test${ESC}\\label${ESC}]8;;${ESC}\\`)).toBe('label');
    expect(
      neutralize(`a${ESC}Pq#0;2;0;0;0${ESC}\\b${ESC}Xsos${ESC}\\c${ESC}^pm${ESC}\\d${ESC}_apc${ESC}\\e`),
    ).toBe('abcde');
    expect(neutralize('a\u009d0;title\u009cb\u0090dcs\u009cc\u009fapc\u0007d')).toBe('abcd');
  });

  it('ends an unterminated string at the line end, not later', () => {
    expect(neutralize(`a${ESC}]0;never ends`)).toBe('a');
    expect(neutralize(`a${ESC}]0;title\nnext line`)).toBe('a\nnext line');
  });

  it('removes other escapes and a lone ESC', () => {
    expect(neutralize(`a${ESC}7b${ESC}(Bc${ESC}cd${ESC}`)).toBe('abcd');
    expect(neutralize(`a${ESC}\u00e9`)).toBe('a\u00e9');
  });

  it('keeps SGR colours only when asked, and nothing else', () => {
    const text = `${ESC}[1;31mred${ESC}[0m ${ESC}[2J${ESC}]0;t\u0007\u009b31mx\u0085y`;
    expect(neutralize(text)).toBe('red x\u0085y');
    expect(neutralize(text, { keepColors: true })).toBe(`${ESC}[1;31mred${ESC}[0m x\u0085y`);
    expect(neutralize(`${ESC}[38:5:196mx${ESC}[m`, { keepColors: true })).toBe(`${ESC}[38:5:196mx${ESC}[m`);
  });

  it('leaves no control character behind, whatever the input (generated cases)', () => {
    const pieces = [
      ESC,
      '[',
      ']',
      '\u009b',
      '\u009c',
      '\u0007',
      '\\',
      '2',
      'J',
      'm',
      ';',
      '\u202e',
      'x',
      '\n',
    ];
    let seed = 11;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let round = 0; round < 2000; round += 1) {
      let text = '';
      for (let count = next() % 10; count >= 0; count -= 1) text += pieces[next() % pieces.length];
      expect(neutralize(text), JSON.stringify(text)).not.toMatch(LEFT_OVER);
      const colored = neutralize(text, { keepColors: true }).replaceAll(SGR_KEPT, '');
      expect(colored, JSON.stringify(text)).not.toMatch(LEFT_OVER);
    }
  });
});

describe('line breaks', () => {
  const text = 'a\nb\rc\r\nd\u000be\u000cf\u0085g\u2028h\u2029i';

  it('are spaces in one-line text', () => {
    expect(stripControls(text)).toBe('a b c d e f g h i');
  });

  it('end a line in multi-line text', () => {
    expect(splitLines(text)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
  });

  it('are <br> in HTML', () => {
    expect(htmlText(text)).toBe('a<br>b<br>c<br>d<br>e<br>f<br>g<br>h<br>i');
  });
});

describe('clip', () => {
  it('cuts with … and never splits a surrogate pair', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(clip(`${'x'.repeat(8)}😀😀`, 10)).toBe(`${'x'.repeat(8)}…`);
    expect(clip('abc', 0)).toBe('…');
  });
});

describe('escapeHtml and htmlText', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('plain')).toBe('plain');
  });

  it('neutralises before escaping, so removed characters cannot complete an entity or a tag', () => {
    expect(htmlText('&\u0000lt;<\u0007b>')).toBe('&amp;lt;&lt;b&gt;');
    expect(htmlText(`${ESC}[31m<i>`)).toBe('&lt;i&gt;');
  });
});

describe('cleanCell', () => {
  it('makes one trimmed line with single spaces, cut to length', () => {
    expect(cleanCell('  one\ntwo   three ')).toBe('one two three');
    expect(cleanCell('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cleanCell(`${ESC}[31mred${ESC}[0m ${ESC}]0;title\u0007text`)).toBe('red text');
  });
});

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

describe('the fenced log tail', () => {
  it('keeps SGR colours', () => {
    expect(fenced([`${ESC}[1;31mERROR${ESC}[0m: ${ESC}[33mwarn${ESC}[m`])).toEqual([
      `${ESC}[1;31mERROR${ESC}[0m: ${ESC}[33mwarn${ESC}[m`,
    ]);
  });

  it('drops cursor moves, erasing and every other CSI sequence', () => {
    expect(fenced([`a${ESC}[2Jb${ESC}[Hc${ESC}[3Ad${ESC}[2Ke${ESC}[?1049hf${ESC}[6n`])).toEqual(['abcdef']);
  });

  it('drops OSC titles and hyperlinks, with either terminator', () => {
    expect(
      fenced([`${ESC}]0;pwned\u0007x${ESC}]8;;https://evil.test${ESC}\\link${ESC}]8;;${ESC}\\`]),
    ).toEqual(['xlink']);
  });

  it('drops DCS, SOS, PM and APC strings', () => {
    expect(fenced([`a${ESC}P1$r${ESC}\\b${ESC}Xs${ESC}\\c${ESC}^p${ESC}\\d${ESC}_a${ESC}\\e`])).toEqual([
      'abcde',
    ]);
  });

  it('drops lone C1 controls, and the sequences their one-character CSI and DCS begin', () => {
    expect(fenced(['a\u009b2Jb\u009b31mc\u0090dcs\u009cd\u009ce\u0080f\u009ag'])).toEqual(['abcdefg']);
  });

  it('drops the other controls and bidirectional controls, and ends a line at every line break', () => {
    expect(fenced(['tab\there\u0007\u0008 \u202eevil\u2066', 'one\rtwo\u2028three\u0085four'])).toEqual([
      'tab\there evil',
      'one',
      'two',
      'three',
      'four',
    ]);
  });

  it('defuses ##[ also when removed characters or invisible ones stood between', () => {
    expect(fenced(['#\u0000#[error]x', '#\u200b#\u200d[endgroup]'])).toEqual([
      '# #[error]x',
      '# #[endgroup]',
    ]);
  });
});

describe('fenceLogText', () => {
  it('is fenceLogLines for lines joined by LF, each line ended by the line end (generated cases)', () => {
    let seed = 5;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % bound;
    };
    const token = 'abcdefghijklmnopqrsk';
    const pieces = [
      'a',
      ' ',
      '\n',
      '\n',
      '\r',
      '\r\n',
      '\u2028',
      '\v',
      `${ESC}[31m`,
      `${ESC}]0;title\u0007`,
      ESC,
      '\u0000',
      '\u202e',
      '##[',
      '#\u200b#[',
      '::error::',
      '\u0130',
      '\u212a',
      'ABCDEFGHIJKLMNOPQRS',
      token.toUpperCase(),
      'é😀',
    ];
    for (let round = 0; round < 400; round += 1) {
      let text = '';
      for (let count = next(30); count > 0; count -= 1) text += pieces[next(pieces.length)];
      for (const eol of ['\n', '\r\n']) {
        const expected = `${fenceLogLines(text.split('\n'), tokens(token, 'T0123456789abcdefXYZ')).join(eol)}${eol}`;
        const written = fenceLogText(text, eol, tokens(token, 'T0123456789abcdefXYZ'));
        expect(written.join(''), JSON.stringify({ text, eol })).toBe(expected);
      }
    }
  });

  it('draws a new token when the text holds the first in any case, also as the Kelvin sign lower-cases', () => {
    const fence = (text: string) =>
      fenceLogText(text, '\n', tokens('abcdefghijklmnopqrsk', 'T0123456789abcdefXYZ'))[0];
    expect(fence('plain')).toBe('::stop-commands::abcdefghijklmnopqrsk\n');
    expect(fence('x ABCDEFGHIJKLMNOPQRSK y')).toBe('::stop-commands::T0123456789abcdefXYZ\n');
    expect(fence('x ABCDEFGHIJKLMNOPQRS\u212a y')).toBe('::stop-commands::T0123456789abcdefXYZ\n');
  });
});

describe('defuseLogLine', () => {
  it('breaks every ##[ and leaves the rest', () => {
    expect(defuseLogLine('a ##[add-mask]b ##[error]c')).toBe('a # #[add-mask]b # #[error]c');
    expect(defuseLogLine('###[x] ##[##[y]')).not.toContain('##[');
    expect(defuseLogLine(`${ESC}[31mred${ESC}[0m ::error::kept`)).toBe(
      `${ESC}[31mred${ESC}[0m ::error::kept`,
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

  it('never starts with ::, even after whitespace, invisible or removed characters', () => {
    for (const text of [
      '::error::x',
      '  ::add-mask::x',
      '\t::set-output name=a::b',
      '\u200b::error::x',
      '\u0000::x',
      ':\u200b:error::x',
      `${ESC}[31m::error::x`,
      '\u202e::error::x',
    ]) {
      const line = sanitizeLine(text);
      expect(looksLikeCommand(line), JSON.stringify(line)).toBe(false);
      expect(line.startsWith('› ')).toBe(true);
    }
    expect(sanitizeLine('not :: a command')).toBe('not :: a command');
  });

  it('never contains ##[', () => {
    expect(sanitizeLine('x ##[add-mask]secret')).toBe('x # #[add-mask]secret');
    expect(sanitizeLine('x #\u0007#[add-mask]secret')).toBe('x # #[add-mask]secret');
  });

  it('removes escape sequences and control characters', () => {
    expect(sanitizeLine(`${ESC}[2Jclear\u0007`)).toBe('clear');
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
      '\u0000',
      ESC,
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

describe('one hostile string, every path', () => {
  // A bidi override, C1 controls (one of them the one-character CSI), DEL, the Unicode line and paragraph
  // separators and NEL, a NUL, and CSI, OSC and DCS escape sequences.
  const hostile =
    `safe\u202Eexe.txt\u0080 a\u007Fb\u2028c\u2029d\u0085e ${ESC}[2J${ESC}[1;1H` +
    `f${ESC}]0;title\u0007g${ESC}P1$r${ESC}\\h\u009b2Ki\u0000j`;
  const words = ['safeexe.txt ab', 'c', 'd', 'e fghij'];
  const oneLine = words.join(' ');

  const summaryData = (name: string): SummaryData => ({
    outcome: 'failed',
    kind: 'run',
    target: {},
    steps: [{ order: 1, name, status: 'finished', result: 'failed' }],
    envKeys: [],
  });

  function terminalLines(write: (log: ReturnType<typeof createTerminalLog>) => void): string[] {
    let text = '';
    const out = { write: (chunk: string) => void (text += chunk), isTTY: false, columns: 200 };
    const log = createTerminalLog({ out, style: createStyle(false) });
    write(log);
    return text.split('\n').slice(0, -1);
  }

  it('is the same visible text in a log line, a group title and an annotation', () => {
    expect(sanitizeLine(hostile)).toBe(oneLine);
    expect(stepHeading({ order: 1, name: hostile, result: 'failed' })).toContain(`1 ${oneLine}`);
    expect(firstErrorLine([hostile])).toBe(oneLine);
    expect(failedStepAnnotation({ order: 1, name: hostile, result: 'failed' }, 1, []).title).toContain(
      oneLine,
    );
  });

  it('is the same text, with its line breaks as <br>, in a summary cell', () => {
    expect(htmlText(hostile)).toBe(words.join('<br>'));
    expect(renderSummary(summaryDoc(summaryData(hostile)))).toContain(`<td>${words.join('<br>')}</td>`);
  });

  it('is the same text in the terminal, on one line or as lines', () => {
    expect(stripControls(hostile)).toBe(oneLine);
    expect(cleanCell(hostile, 200)).toBe(oneLine);
    expect(terminalLines((log) => log.info(hostile))).toEqual([oneLine]);
    expect(terminalLines((log) => log.error(hostile))).toEqual([
      `error: ${words[0]}`,
      ...words.slice(1).map((word) => `  ${word}`),
    ]);
  });

  it('is the same text in the fenced log tail, there and in the terminal that shows it', () => {
    expect(fenced([hostile])).toEqual(words);
    const shown = terminalLines((log) => {
      log.startGroup('step');
      log.remote([hostile]);
      log.endGroup();
    });
    expect(shown).toEqual(['step', ...words.map((word) => `  │ ${word}`)]);
  });
});

describe('guardLogLine: the last check before the runner reads a line', () => {
  it.each([
    ['::error::x', '› ::error::x'],
    ['  \u00a0::add-mask::x', '›   \u00a0::add-mask::x'],
    [':\u200b:warning::x', '› :\u200b:warning::x'],
    ['text ##[warning]x', '› text # #[warning]x'],
    ['one\n::error::two', 'one ::error::two'],
  ])('%j prints as %j', (line, printed) => {
    expect(guardLogLine(line)).toBe(printed);
  });

  it('leaves ordinary lines alone', () => {
    expect(guardLogLine('✔ 1/5 get code (2s)')).toBe('✔ 1/5 get code (2s)');
    expect(guardLogLine('a :: b')).toBe('a :: b');
  });
});
