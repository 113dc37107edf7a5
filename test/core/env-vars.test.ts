import { describe, expect, it } from 'vitest';
import { EnvVarsError, parseEnvVars } from '../../src/core/env-vars.ts';

function thrown(text: string): EnvVarsError {
  try {
    parseEnvVars(text);
  } catch (error) {
    if (error instanceof EnvVarsError) return error;
    throw error;
  }
  throw new Error('expected an EnvVarsError');
}

describe('parseEnvVars, lines', () => {
  it('reads KEY=VALUE lines in order', () => {
    expect(parseEnvVars('B=2\nA=1\nC=3')).toEqual([
      { key: 'B', value: '2' },
      { key: 'A', value: '1' },
      { key: 'C', value: '3' },
    ]);
  });

  it('splits on the first = only, so values may contain =', () => {
    expect(parseEnvVars('URL=https://x.test/?a=1&b=2\nPAD=dGVzdA==\nEMPTY=\nEQ==')).toEqual([
      { key: 'URL', value: 'https://x.test/?a=1&b=2' },
      { key: 'PAD', value: 'dGVzdA==' },
      { key: 'EMPTY', value: '' },
      { key: 'EQ', value: '=' },
    ]);
  });

  it('keeps the value verbatim and trims only the key', () => {
    expect(parseEnvVars('  GREETING = hello  world  \n\tTAB=\tx')).toEqual([
      { key: 'GREETING', value: ' hello  world  ' },
      { key: 'TAB', value: '\tx' },
    ]);
  });

  it('keeps quotes and # inside values', () => {
    expect(parseEnvVars('Q="quoted"\nH=a # not a comment')).toEqual([
      { key: 'Q', value: '"quoted"' },
      { key: 'H', value: 'a # not a comment' },
    ]);
  });

  it('skips comments and blank lines', () => {
    expect(parseEnvVars('# first\n\nA=1\n   \n  # indented comment\nB=2\n')).toEqual([
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
    ]);
  });

  it('accepts CRLF line endings', () => {
    expect(parseEnvVars('A=1\r\nB=two words\r\n# c\r\nM<<EOF\r\nx\r\ny\r\nEOF\r\nC=3\r')).toEqual([
      { key: 'A', value: '1' },
      { key: 'B', value: 'two words' },
      { key: 'M', value: 'x\ny' },
      { key: 'C', value: '3' },
    ]);
  });

  it('reads heredocs as multi-line values joined with \\n', () => {
    const text = [
      'A=1',
      'CERT<<END',
      '-----BEGIN-----',
      '',
      '  indented = kept',
      '# not a comment',
      '-----END-----',
      'END',
      'B=2',
    ].join('\n');
    expect(parseEnvVars(text)).toEqual([
      { key: 'A', value: '1' },
      { key: 'CERT', value: '-----BEGIN-----\n\n  indented = kept\n# not a comment\n-----END-----' },
      { key: 'B', value: '2' },
    ]);
  });

  it('reads an empty heredoc and spaces around the key and delimiter', () => {
    expect(parseEnvVars('E<<EOF\nEOF\n X << DONE \nline\nDONE  ')).toEqual([
      { key: 'E', value: '' },
      { key: 'X', value: 'line' },
    ]);
  });

  it('ends a heredoc only at a line equal to the delimiter', () => {
    expect(parseEnvVars('M<<EOF\n EOF\nEOFX\nEOF')).toEqual([{ key: 'M', value: ' EOF\nEOFX' }]);
  });

  it('decides between = and << by whichever comes first', () => {
    expect(parseEnvVars('A=x<<y\nB<<E=F\nv\nE=F')).toEqual([
      { key: 'A', value: 'x<<y' },
      { key: 'B', value: 'v' },
    ]);
  });

  it('keeps duplicates in order', () => {
    expect(parseEnvVars('A=1\nB=2\nA=3')).toEqual([
      { key: 'A', value: '1' },
      { key: 'B', value: '2' },
      { key: 'A', value: '3' },
    ]);
  });

  it('returns nothing for empty text or only comments', () => {
    expect(parseEnvVars('')).toEqual([]);
    expect(parseEnvVars('\n# nothing\n\n')).toEqual([]);
  });

  it('accepts every valid name form', () => {
    expect(parseEnvVars('_=1\n_A1=2\nabc=3\nZ9_z=4').map((v) => v.key)).toEqual(['_', '_A1', 'abc', 'Z9_z']);
  });

  it.each([
    ['1ABC=x', 1, 'not valid'],
    ['A=1\nMY-VAR=2', 2, 'not valid'],
    ['A=1\nMY VAR=2', 2, 'not valid'],
    ['A=1\n=value', 2, 'no variable name'],
    ['A=1\n\njust text', 3, 'is not `KEY=VALUE`'],
    ['A=1\nB<<EOF\nx\n', 2, 'never closed'],
    ['B<<', 1, 'no delimiter'],
    ['B<<   \nx', 1, 'no delimiter'],
    ['é=1', 1, 'not valid'],
  ])('rejects %j naming line %d', (text, line, fragment) => {
    const error = thrown(text);
    expect(error.line).toBe(line);
    expect(error.message).toContain(`line ${line}`);
    expect(error.message).toContain(fragment);
  });

  it('does not repeat values or botched names in its messages', () => {
    expect(thrown('A=1\nsecret-part=rest').message).not.toContain('secret');
    expect(thrown('A=1\nTOPSECRET').message).not.toContain('TOPSECRET');
    expect(thrown('A=1\nB<<EOF\nTOPSECRET').message).not.toContain('TOPSECRET');
  });
});

describe('parseEnvVars, JSON', () => {
  it('reads an array of {key, value} in order', () => {
    expect(
      parseEnvVars('[{"key":"B","value":"2"},{"key":"A","value":"x=y"},{"key":"B","value":"3"}]'),
    ).toEqual([
      { key: 'B', value: '2' },
      { key: 'A', value: 'x=y' },
      { key: 'B', value: '3' },
    ]);
  });

  it('accepts leading whitespace, line breaks and multi-line values', () => {
    expect(parseEnvVars('\n  [\n  {"key": "M", "value": "a\\nb"}\n]\n')).toEqual([
      { key: 'M', value: 'a\nb' },
    ]);
  });

  it('turns numbers and booleans into strings', () => {
    expect(
      parseEnvVars('[{"key":"N","value":42},{"key":"F","value":1.5},{"key":"B","value":false}]'),
    ).toEqual([
      { key: 'N', value: '42' },
      { key: 'F', value: '1.5' },
      { key: 'B', value: 'false' },
    ]);
  });

  it('reads an empty array', () => {
    expect(parseEnvVars('[]')).toEqual([]);
  });

  it.each([
    ['[{"key":"A","value":"1"},', 'not valid JSON'],
    ['[{"key":"A","value":"1"} x]', 'not valid JSON'],
    ['[{key:"A"}]', 'not valid JSON'],
  ])('rejects invalid JSON %j', (text, fragment) => {
    expect(thrown(text).message).toContain(fragment);
  });

  it('gives the line and column of a JSON syntax error without quoting the text', () => {
    const error = thrown('[\n  {"key": "A", "value": "s3cret"}\n  {"key": "B", "value": "2"}\n]');
    expect(error.message).toContain('line 3');
    expect(error.message).not.toContain('s3cret');
  });

  it.each([
    ['["A=1"]', 0, 'not an object'],
    ['[null]', 0, 'not an object'],
    ['[[1]]', 0, 'not an object'],
    ['[{"key":"A","value":"1"},{"key":"B"}]', 1, '"value" must be a string'],
    ['[{"key":"A","value":null}]', 0, 'not null'],
    ['[{"key":"A","value":{"x":1}}]', 0, 'not an object'],
    ['[{"key":"A","value":["x"]}]', 0, 'not an array'],
    ['[{"value":"1"}]', 0, '"key" must be a string'],
    ['[{"key":7,"value":"1"}]', 0, '"key" must be a string'],
    ['[{"key":"A-B","value":"1"}]', 0, 'is not valid'],
    ['[{"key":"A","value":"1","secret":true}]', 0, '"secret"'],
    ['[{"name":"A","value":"1"}]', 0, '"name"'],
  ])('rejects %j naming index %d', (text, index, fragment) => {
    const error = thrown(text);
    expect(error.index).toBe(index);
    expect(error.message).toContain(`index ${index}`);
    expect(error.message).toContain(fragment);
  });
});
