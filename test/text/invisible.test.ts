// Invisible characters in remote text, and colours that split a marker in the fenced log: what is shown
// is what was checked, so a token spread over zero-width characters is masked and a `##[` drawn whole by
// the log viewer is broken up.
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/api/redact.ts';
import {
  fenceLogLines,
  fenceLogText,
  neutralize,
  sanitizeLine,
  stripControls,
} from '../../src/text/safety.ts';

const ESC = '\u001b';
const TOKEN = 'ghp_Q7xT2mZ9vK4pL8sR1wN6yB3cF5hJ0dA2eG4iU';

/** Format (Cf) and Default_Ignorable_Code_Point characters of several kinds. */
const INVISIBLES = [
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner, between two letters
  '\u2060', // word joiner
  '\ufeff', // byte order mark
  '\u00ad', // soft hyphen
  '\u034f', // combining grapheme joiner (ignorable, not Cf)
  '\u115f', // Hangul choseong filler (ignorable, not Cf)
  '\u3164', // Hangul filler (ignorable, not Cf)
  '\ufe0f', // variation selector (ignorable, not Cf)
  '\u180e', // Mongolian vowel separator
  '\u0600', // Arabic number sign (Cf, not ignorable)
  '\u{e0041}', // a tag character
  '\u{1d173}', // a musical format character
];

const spread = (text: string, invisible: string) => [...text].join(invisible);

describe('invisible characters', () => {
  it.each(INVISIBLES.map((char) => [char.codePointAt(0)!.toString(16), char]))(
    'U+%s is removed, so a token spread over it reads as the token and is masked',
    (_code, invisible) => {
      const echoed = `invalid token ${spread(TOKEN, invisible)} given`;
      expect(neutralize(echoed)).toBe(`invalid token ${TOKEN} given`);
      const redact = createRedactor([TOKEN]);
      expect(redact(stripControls(echoed))).toBe('invalid token *** given');
      // The redactor sees through them on text that was not neutralised first as well.
      expect(redact(echoed)).toBe('invalid token *** given');
    },
  );

  it('are removed from one-line text, group titles and annotations', () => {
    expect(sanitizeLine(`a\u200bb\u2060c\u00add\u3164e`)).toBe('abcde');
  });

  it('keep a zero-width joiner between two emoji, and only there', () => {
    const family = '👩\u200d👩\u200d👧';
    const coder = '👩🏽\u200d💻';
    expect(neutralize(`${family} ${coder}`)).toBe(`${family} ${coder}`);
    // U+FE0F goes, the joiner after it stays: the flag is still drawn as one.
    expect(neutralize('🏳\ufe0f\u200d🌈')).toBe('🏳\u200d🌈');
    for (const text of ['a\u200db', '😀\u200db', 'a\u200d😀', '\u200d😀', '😀\u200d', '©\u200d\u200d😀']) {
      expect(neutralize(text)).not.toContain('\u200d');
    }
  });
});

/** The body of a fence, and the same through fenceLogText. */
function fenced(lines: string[]): string[] {
  const token = () => '0123456789abcdef0123';
  const body = fenceLogLines(lines, token).slice(1, -1);
  const text = fenceLogText(lines.join('\n'), '\n', token).join('');
  expect(text.split('\n').slice(1, -2)).toEqual(body);
  return body;
}

/** A line as the log viewer draws it: its colours applied, so not part of the text. */
const drawn = (line: string) => line.replace(new RegExp(String.raw`\x1b\[[0-9;:]*m`, 'g'), '');

describe('colours in the fenced log', () => {
  it('that split a ##[ are removed, and the ##[ broken up', () => {
    const body = fenced([
      `#${ESC}[0m#[error]forged`,
      `x #${ESC}[1m#${ESC}[0m[endgroup]`,
      `#${ESC}[31m#${ESC}[32m#${ESC}[0m[warning]`,
      `#\u200b${ESC}[0m#\u200d[group]`,
    ]);
    expect(body).toEqual(['# #[error]forged', 'x # #[endgroup]', `#${ESC}[31m# #[warning]`, '# #[group]']);
    for (const line of body) expect(drawn(line)).not.toContain('##[');
  });

  it('that split a :: are removed', () => {
    expect(fenced([`:${ESC}[31m:error::x`, `a :${ESC}[1m:${ESC}[0m: b`])).toEqual(['::error::x', 'a ::: b']);
  });

  it('stay everywhere else', () => {
    const coloured = `${ESC}[31mred${ESC}[0m ${ESC}[1;32m✔${ESC}[0m # ${ESC}[33m#${ESC}[0m: ${ESC}[2m:${ESC}[0m`;
    expect(fenced([coloured, `${ESC}[36m##${ESC}[0m[x`])).toEqual([coloured, `${ESC}[36m# #[x`]);
  });
});
