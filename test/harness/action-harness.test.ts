// The model of the runner's reading of an action's output, checked against the behaviour of the runner's
// sources (ProcessInvoker, OutputManager, ActionCommandManager, ActionCommand) and their own test cases.
import { describe, expect, it } from 'vitest';
import {
  dotnetTrimStart,
  parseCommandLine,
  parseRunnerOutput,
  splitRunnerLines,
} from '../support/action-harness.ts';

const names = (output: string) => parseRunnerOutput(output).commands.map((command) => command.name);

describe('lines', () => {
  it('end at CR, LF and CRLF, as StreamReader.ReadLine ends them', () => {
    expect(splitRunnerLines('a\rb\r\nc\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitRunnerLines('a\n\nb\r\r\n')).toEqual(['a', '', 'b', '']);
    expect(splitRunnerLines('last line without an end')).toEqual(['last line without an end']);
    expect(splitRunnerLines('')).toEqual([]);
    expect(splitRunnerLines('\n')).toEqual(['']);
  });

  it('do not end at NEL, LS, PS, VT or FF, and a BOM only counts at the start of the stream', () => {
    expect(splitRunnerLines('a\u0085b\u2028c\u2029d\ve\ff')).toEqual(['a\u0085b\u2028c\u2029d\ve\ff']);
    expect(splitRunnerLines('\uFEFF::x\n\uFEFFy')).toEqual(['::x', '\uFEFFy']);
  });

  it('so a lone CR starts a command line of its own', () => {
    const output = parseRunnerOutput('downloading 50%\r::warning::x\n');
    expect(output.plainLines).toEqual(['downloading 50%']);
    expect(output.warnings.map((warning) => warning.message)).toEqual(['x']);
  });
});

describe('leading whitespace', () => {
  const whitespace = [
    ...'\t\v\f \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a',
    ...'\u2028\u2029\u202f\u205f\u3000',
  ];

  it.each(whitespace.map((char) => [`U+${char.codePointAt(0)!.toString(16).padStart(4, '0')}`, char]))(
    '%s is trimmed before `::`',
    (_code, char) => {
      expect(dotnetTrimStart(`${char}${char}x`)).toBe('x');
      expect(names(`${char}::add-mask::secret-value`)).toEqual(['add-mask']);
    },
  );

  it.each([
    ['U+200B', '\u200b'],
    ['U+FEFF', '\ufeff'],
    ['U+180E', '\u180e'],
    ['U+00AD', '\u00ad'],
    ['U+FFFD', '\ufffd'],
    ['>>>', '>>> '],
  ])('%s is not whitespace: the line is text', (_code, prefix) => {
    expect(names(`first line\n${prefix}::warning::x`)).toEqual([]);
  });
});

describe('the `::name k=v,k=v::data` form', () => {
  const parse = (line: string) => parseCommandLine(line, ['do-something']);

  it('reads the runner’s own cases', () => {
    expect(parse('::do-something k1=v1,::msg')).toMatchObject({ properties: { k1: 'v1' }, data: 'msg' });
    expect(parse('::do-something::')).toMatchObject({ properties: {}, data: '' });
    expect(parse('::do-something k1=;=%2C=%0D=%0A=]=%3A,::;-%0D-%0A-]-:-,')).toMatchObject({
      properties: { k1: ';=,=\r=\n=]=:' },
      data: ';-\r-\n-]-:-,',
    });
    expect(parse('::do-something k1=;=%252C=%250D=%250A=]=%253A,::;-%250D-%250A-]-:-,')).toMatchObject({
      properties: { k1: ';=%2C=%0D=%0A=]=%3A' },
      data: ';-%0D-%0A-]-:-,',
    });
    expect(parse('::do-something k1=,k2=,::')).toMatchObject({ properties: {} });
    expect(parse('::do-something k1=v1::')).toMatchObject({ properties: { k1: 'v1' }, data: '' });
    expect(parse('   ::do-something k1=v1,::msg')).toMatchObject({ properties: { k1: 'v1' }, data: 'msg' });
    expect(parse('   >>>   ::do-something k1=v1,::msg')).toBeUndefined();
  });

  it('unescapes data only for %0D, %0A and %25, upper case, and nothing else', () => {
    expect(parse('::do-something::a%0ab%3Ac%2Cd%5De%3Bf')?.data).toBe('a%0ab%3Ac%2Cd%5De%3Bf');
    expect(parse('::do-something::100%25 done%0Anext')?.data).toBe('100% done\nnext');
  });

  it('splits the name at the first space only, not a tab', () => {
    expect(parse('::do-something\tk=v::x')).toBeUndefined();
    expect(parse('::do-something  k1=v1 ::x')?.properties).toEqual({ k1: 'v1' });
    expect(parse('::do-something a=1, b=2::x')?.properties).toEqual({ a: '1', ' b': '2' });
  });

  it('splits each property at its first `=` after any leading ones, and keeps the last of a repeated key', () => {
    expect(parse('::do-something a==b,=c=d,e=,f::x')?.properties).toEqual({ a: 'b', c: 'd' });
    expect(parse('::do-something a=b=c::x')?.properties).toEqual({ a: 'b=c' });
    expect(parse('::do-something Title=a,TITLE=b::x')?.properties).toEqual({ Title: 'b' });
  });

  it('ends the name and properties at the first `::`', () => {
    expect(parse('::do-something k=a::b::c')).toMatchObject({ properties: { k: 'a' }, data: 'b::c' });
    expect(parse('::do-something k=a%3A%3Ab::c')).toMatchObject({ properties: { k: 'a::b' }, data: 'c' });
  });

  it('finds `::` as culture-sensitive search does, across ignorable characters', () => {
    expect(parseCommandLine('::warning:\u200b:x')).toMatchObject({ name: 'warning', data: ':x' });
    expect(parseCommandLine('::warning:\u0000:x')).toMatchObject({ name: 'warning', data: ':x' });
    expect(parseCommandLine('::warning:\u200b:x', undefined, { linguistic: false })).toBeUndefined();
    // The name is read from a fixed offset, so an ignorable character in the opening `::` breaks the command.
    expect(parseCommandLine(':\u200b:warning::x')).toBeUndefined();
  });
});

describe('the `##[name k=v;k=v]data` form', () => {
  const parse = (line: string) => parseCommandLine(line, ['do-something']);

  it('reads the runner’s own cases', () => {
    expect(parse('##[do-something k1=v1;]msg')).toMatchObject({ form: 'legacy', properties: { k1: 'v1' } });
    expect(parse('##[do-something]')).toMatchObject({ properties: {}, data: '' });
    expect(parse('##[do-something k1=%3B=%0D=%0A=%5D;]%3B-%0D-%0A-%5D')).toMatchObject({
      properties: { k1: ';=\r=\n=]' },
      data: ';-\r-\n-]',
    });
    expect(parse('##[do-something k1=%253B=%250D=%250A=%255D;]%253B-%250D-%250A-%255D')).toMatchObject({
      properties: { k1: '%3B=%0D=%0A=%5D' },
      data: '%3B-%0D-%0A-%5D',
    });
    expect(parse('##[do-something k1=;k2=;]')).toMatchObject({ properties: {} });
    expect(parse('>>>   ##[do-something k1=v1;]msg')).toMatchObject({
      properties: { k1: 'v1' },
      data: 'msg',
    });
  });

  it('is found anywhere in the line and is tried only when the `::` form fails', () => {
    expect(parseCommandLine('2024-01-01 build ##[add-mask]hunter2')).toMatchObject({ name: 'add-mask' });
    expect(parseCommandLine('::warning::##[error]x')).toMatchObject({ name: 'warning', data: '##[error]x' });
    expect(parseCommandLine('::nope::##[error]x')).toMatchObject({
      form: 'legacy',
      name: 'error',
      data: 'x',
    });
    expect(parseCommandLine('# #[error]x')).toBeUndefined();
    expect(parseCommandLine('##[nope]x ##[error]y')).toBeUndefined();
  });
});

describe('command names', () => {
  it('are compared case-insensitively, in both forms', () => {
    expect(parseRunnerOutput('::ADD-MASK::hunter2\n##[Warning]w\n::EndGroup::\n').commands).toMatchObject([
      { name: 'ADD-MASK' },
      { name: 'Warning' },
      { name: 'EndGroup' },
    ]);
  });

  it('are only the registered ones; anything else is text', () => {
    const output = parseRunnerOutput(
      '::set-outputs name=a::b\n::internal-set-repo-path::x\n::stopcommands::t\n',
    );
    expect(output.commands).toEqual([]);
    expect(output.plainLines).toHaveLength(3);
  });
});

describe('stop-commands', () => {
  const fenced = (resume: string) =>
    parseRunnerOutput(
      ['::stop-commands::fence42', '::warning::inside', resume, '::warning::after'].join('\n'),
    );

  it.each([
    '::fence42::',
    '::FENCE42::',
    '  ::Fence42::',
    '\u00a0\u3000::fence42 any=thing::data',
    '##[fence42]',
    'text before ##[FENCE42 k=v]data',
    '::nope::##[fence42]',
  ])('resumes on %j', (resume) => {
    const output = fenced(resume);
    expect(output.warnings.map((warning) => warning.message)).toEqual(['after']);
    expect(output.stops).toEqual([{ token: 'fence42', index: 0, resumedAt: 2 }]);
    expect(output.plainLines).toEqual(['::warning::inside']);
  });

  it.each([
    '::fence42',
    ':: fence42::',
    '::fence4::',
    '::fence42x::',
    '::warning::##[fence42]',
    '# #[fence42]',
    ':\u200b:fence42::',
  ])('does not resume on %j', (line) => {
    const output = fenced(line);
    expect(output.warnings).toEqual([]);
    expect(output.stops[0]!.resumedAt).toBeUndefined();
  });

  it('makes every other command text, including another stop-commands', () => {
    const output = parseRunnerOutput(
      '::stop-commands::outer-token\n::stop-commands::inner-token\n::add-mask::x\n::inner-token::\n::endgroup::\n',
    );
    expect(output.commands.map((command) => command.outcome)).toEqual(['stop']);
    expect(output.masks).toEqual([]);
  });

  it('masks a token longer than 6 characters, and echoes the fence lines into the log', () => {
    const long = parseRunnerOutput('::stop-commands::abcdefg\ntext\n::abcdefg::\n');
    expect(long.secrets).toEqual(['abcdefg']);
    expect(long.log).toEqual(['::stop-commands::***', 'text', '::***::']);
    expect(parseRunnerOutput('::stop-commands::abcdef\n').secrets).toEqual([]);
  });

  it.each(['', 'warning', 'STOP-COMMANDS', 'Pause-Logging'])(
    'fails the step on the token %j and reads no further line',
    (token) => {
      const output = parseRunnerOutput(`::stop-commands::${token}\n::warning::later\n`);
      expect(output.aborted).toMatchObject({ index: 0 });
      expect(output.failed).toBe(true);
      expect(output.warnings).toEqual([]);
      expect(output.plainLines).toEqual([]);
    },
  );

  it('accepts such a token when allowed; resuming then unregisters the command it named', () => {
    const output = parseRunnerOutput('::stop-commands::warning\n::error::x\n::warning::\n::warning::y\n', {
      allowUnsecureStopCommandTokens: true,
    });
    expect(output.stops).toEqual([{ token: 'warning', index: 0, resumedAt: 2 }]);
    expect(output.annotations).toEqual([]);
    expect(output.plainLines).toEqual(['::error::x', '::warning::y']);
  });

  it('never resumes from an allowed empty token', () => {
    const output = parseRunnerOutput('::stop-commands::\n::::\n##[]\n::warning::x\n', {
      allowUnsecureStopCommandTokens: true,
    });
    expect(output.commands).toHaveLength(1);
    expect(output.warnings).toEqual([]);
  });
});

describe('what each command does', () => {
  it('set-output and save-state still work; set-env and add-path are disabled and fail the step', () => {
    const output = parseRunnerOutput(
      '::set-output name=result::hacked\n::save-state name=s::v\n::set-env name=A::b\n::add-path::/evil\n',
    );
    expect(output.outputs).toEqual({ result: 'hacked' });
    expect(output.state).toEqual({ s: 'v' });
    expect(output.env).toEqual({});
    expect(output.paths).toEqual([]);
    expect(output.failed).toBe(true);
    expect(output.errors.map((error) => error.message)).toEqual([
      "Unable to process command '::set-env name=A::b' successfully.",
      'The `set-env` command is disabled.',
      "Unable to process command '::add-path::/evil' successfully.",
      'The `add-path` command is disabled.',
    ]);
    expect(output.commands.map((command) => command.outcome)).toEqual(['done', 'done', 'failed', 'failed']);
  });

  it('set-env and add-path work when allowed, except for NODE_OPTIONS', () => {
    const output = parseRunnerOutput(
      '::set-env name=A::b\n::set-env name=node_options::x\n::add-path::/p\n',
      {
        allowUnsecureCommands: true,
      },
    );
    expect(output.env).toEqual({ A: 'b' });
    expect(output.paths).toEqual(['/p']);
    expect(output.errors).toHaveLength(1);
    expect(output.failed).toBe(false);
  });

  it('set-output without a name fails the step; with the deprecation flag it warns', () => {
    expect(parseRunnerOutput('::set-output::x\n').failed).toBe(true);
    const deprecated = parseRunnerOutput('::set-output name=a::b\n', { deprecateStepOutputCommands: true });
    expect(deprecated.outputs).toEqual({ a: 'b' });
    expect(deprecated.warnings).toHaveLength(1);
  });

  it('add-mask masks the value and each of its lines from then on, and warns on an empty one', () => {
    const output = parseRunnerOutput(
      'before hunter2\n::add-mask::hunter2%0A second \nafter hunter2 second\n::add-mask:: \n',
    );
    expect(output.masks).toEqual(['hunter2\n second ']);
    expect(output.secrets).toEqual(['hunter2\n second ', 'hunter2', 'second']);
    expect(output.log.slice(0, 2)).toEqual(['before hunter2', 'after *** ***']);
    expect(output.warnings.map((warning) => warning.message)).toEqual([
      "Can't add secret mask for empty string in ##[add-mask] command.",
    ]);
  });

  it('warning, error and notice annotate with properties, fixing lines and columns as the runner does', () => {
    const output = parseRunnerOutput(
      [
        '::error file=a.ts,line=3,col=2,endColumn=5,title=T%3A1::first%0Asecond',
        '::warning endLine=7::w',
        '::notice col=4::n',
        '::error line=9,endLine=2::e',
      ].join('\n'),
    );
    expect(output.annotations).toMatchObject([
      {
        level: 'error',
        message: 'first\nsecond',
        properties: { file: 'a.ts', line: '3', col: '2', endColumn: '5', title: 'T:1' },
      },
      { level: 'warning', properties: { endLine: '7', line: '7' } },
      { level: 'notice', properties: {} },
      { level: 'error', properties: {} },
    ]);
    expect(output.log[0]).toBe('##[error]first\nsecond');
  });

  it('keeps 10 annotations of a level for the run’s page', () => {
    const output = parseRunnerOutput('::error::e\n'.repeat(12));
    expect(output.errors.map((error) => error.kept)).toEqual([...Array(10).fill(true), false, false]);
  });

  it('notice is text without enhanced annotations, unless its name is not written exactly `notice`', () => {
    const output = parseRunnerOutput('::notice::a\n::NOTICE::b\n', { enhancedAnnotations: false });
    expect(output.plainLines).toEqual(['::notice::a']);
    expect(output.notices.map((notice) => notice.message)).toEqual(['b']);
  });

  it('group and endgroup write `##[group]` / `##[endgroup]`, which text inside a fence writes just as well', () => {
    const output = parseRunnerOutput(
      '::GROUP::one\na\n::stop-commands::fence42\n##[endgroup]\n::fence42::\nb\n::group::two\nc\n##[endgroup]\n',
    );
    expect(output.log).toEqual([
      '##[group]one',
      'a',
      '::stop-commands::***',
      '##[endgroup]',
      '::***::',
      'b',
      '##[group]two',
      'c',
      '##[endgroup]',
    ]);
    expect(output.plainLines).toEqual(['a', '##[endgroup]', 'b', 'c']);
    expect(output.groups).toEqual([
      { title: 'one', lines: ['a'], openedByText: false, closedBy: 'text' },
      { title: 'two', lines: ['c'], openedByText: false, closedBy: 'command' },
    ]);
  });

  it('echo on writes each command line except add-mask, annotations and debug, which it hides', () => {
    const output = parseRunnerOutput(
      '::echo::on\n::group::g\n::add-mask::hunter2\n::debug::d\n::echo:: OFF \n::group::h\n',
    );
    expect(output.log).toEqual([
      '::group::g',
      '##[group]g',
      '::add-mask::***',
      '::echo:: OFF ',
      '##[group]h',
    ]);
    expect(output.debug).toEqual(['d']);
    expect(parseRunnerOutput('::echo::maybe\n').failed).toBe(true);
  });

  it('debug messages reach the log only with step debug, which also turns echo on', () => {
    expect(parseRunnerOutput('::debug::a%0Ab\n').log).toEqual([]);
    expect(parseRunnerOutput('::debug::a%0Ab\n', { stepDebug: true }).log).toEqual([
      '##[debug]a',
      '##[debug]b',
    ]);
    expect(parseRunnerOutput('::group::g\n', { stepDebug: true }).log).toEqual(['::group::g', '##[group]g']);
  });

  it('matchers are recorded, not loaded', () => {
    const output = parseRunnerOutput('::add-matcher::m.json\n::remove-matcher owner=o::\n::add-matcher::\n');
    expect(output.matchers).toEqual([
      { action: 'add', file: 'm.json' },
      { action: 'remove', owner: 'o' },
    ]);
    expect(output.warnings.map((warning) => warning.message)).toEqual(['File path must be specified.']);
  });

  it('breaks up the runner’s own step markers in text', () => {
    expect(parseRunnerOutput('##[start-action x]\n').log).toEqual(['##[\\start-action x]']);
  });
});
