// The hostile values the server hands out, by the field they go into. Each table is [label, value].
import { INJECTED_LINES } from '../../src/emulator/logs.ts';
import { boom, type Answer, type HostileServer } from './server.ts';

export type Row<T = unknown> = [label: string, value: T];

/** Ids of runs, builds and workflows. */
export const HOSTILE_IDS: Row[] = [
  ['a shell substitution', '5f8e3c2a9b1d4e6f7a8b9c0d$(echo INJECTED >&2)'],
  ['workflow commands on new lines', 'abc123\n::warning title=INJ::INJECTED\n::add-mask::Triggered'],
  ['..', '..'],
  ['.', '.'],
  ['../../abort', '../../abort'],
  ['%2e%2e', '%2e%2e'],
  ['65 characters', 'a'.repeat(65)],
  ['a space', '5f8e3c2a 9b1d4e6f7a8b9c0d'],
  ['a fraction', 1.5],
];

/** An integer where a string belongs: usable as its digits, or refused as unusable. */
export const NUMBER_ID = 4242;

/** A few of them, for endpoints where each costs a timeout or where the others add nothing. */
export const SOME_IDS: Row[] = HOSTILE_IDS.filter(([label]) =>
  ['..', '.', 'workflow commands on new lines', '%2e%2e'].includes(label),
);
export const THREE_IDS: Row[] = SOME_IDS.filter(([label]) => label !== '.');
export const TWO_IDS: Row[] = THREE_IDS.filter(([label]) => label !== '%2e%2e');

/** Values of `status` and `result`. */
export const HOSTILE_STATES: Row[] = [
  ['a command after a line break', 'finished\n::error::x'],
  ['a shell command', 'passed; rm -rf /'],
  ['upper case', 'PASSED'],
  ['an unknown word', 'exploded'],
  ['a number', 42],
  ['null', null],
];

/**
 * Batched into one answer, a value that is not a string would make the whole answer unusable and hide
 * the others: batches take the strings, and the others one answer at a time.
 */
export const STRING_STATES = HOSTILE_STATES.filter((row): row is Row<string> => typeof row[1] === 'string');
export const OTHER_STATES = HOSTILE_STATES.filter(([, value]) => typeof value !== 'string');

export const SOME_STATES: Row[] = HOSTILE_STATES.filter(([label]) =>
  ['a command after a line break', 'a number', 'null'].includes(label),
);

/** Urls of runs, builds and step logs; the other origins need the server's ports, hence a kind. */
export const URL_KINDS = [
  'javascript:',
  'the metadata address',
  'another loopback host',
  'another port',
  'the API by another name',
  'a command after a line break',
  'whitespace',
] as const;
export type UrlKind = (typeof URL_KINDS)[number];

export function hostileUrl(server: HostileServer, kind: UrlKind): string {
  const path = '/api/v3/runsteps/6e0000000000000000000001/log';
  switch (kind) {
    case 'javascript:':
      return 'javascript:alert(1)';
    case 'the metadata address':
      return 'http://169.254.169.254/latest/meta-data/';
    case 'another loopback host':
      return `${server.elsewhere.url}${path}`;
    case 'another port':
      return `${server.elsewhere.otherPortUrl}${path}`;
    case 'the API by another name':
      return `http://localhost:${server.port}${path}`;
    case 'a command after a line break':
      return 'http://ci.test/x\n::warning::y';
    case 'whitespace':
      return ' http://ci.test/a b\t';
  }
}

/** Names and messages: workflow commands in every form the runner honours, bidi controls, escapes. */
export const HOSTILE_TEXTS: Row<string>[] = [
  ['add-mask after a line break', 'deploy\n::add-mask::Triggered'],
  ['a legacy group', '##[group]injected group'],
  ['stop-commands', '::stop-commands::x'],
  ['an endgroup', '::endgroup::'],
  ['leading Unicode whitespace', '\u2003\u3000::error::injected after Unicode whitespace'],
  ['a lone CR', 'progress 50%\r::warning::injected after a lone CR'],
  ['bidi controls', 'tset\u202e\u2066 gnissap\u2069'],
  [
    'escape sequences',
    'red \x1b[31mred\x1b[0m \x1b]0;title\x07\x1b]8;;https://evil.test\x07link\x1b]8;;\x07\x1b[2J\x9b1A',
  ],
  ['set-output', '::set-output name=result::passed'],
  ['a legacy warning mid-line', 'build ##[warning]injected legacy warning'],
];

/** Lines for step logs: the emulator's bypass forms and the names above. */
export const HOSTILE_LOG_LINES: string[] = [...INJECTED_LINES, ...HOSTILE_TEXTS.map(([, text]) => text)];

/** An error answer that echoes the Authorization header it was sent. */
export type Echo = (authorization: string) => Answer;
export const bare = (authorization: string) => authorization.replace(/^Bearer\s+/i, '');

export const ECHOES: Row<Echo>[] = [
  ['the header, at the end', (auth) => boom(401, `invalid credentials: ${auth}`)],
  ['the bare token, first', (auth) => boom(403, `${bare(auth)} may not run this pipeline`)],
  [
    'the bare token straddling character 500',
    (auth) => boom(400, `${'x'.repeat(490)} ${bare(auth)} ${'y'.repeat(120)}`),
  ],
  [
    'the header straddling character 500, as plain text',
    (auth) => ({ status: 500, text: `${'z '.repeat(245)}${auth} ${'w'.repeat(150)}` }),
  ],
  [
    'the token in `error` only',
    (auth) => ({ status: 422, json: { statusCode: 422, error: `Unprocessable ${bare(auth)}` } }),
  ],
  [
    'between workflow commands and escape sequences',
    (auth) =>
      boom(
        400,
        `denied\n::add-mask::Triggered\n::error::INJECTED\n##[group]INJECTED\x1b[2J\x1b]0;owned\x07 ${auth}\r::warning::INJECTED`,
      ),
  ],
  [
    'the header straddling character 500 of 600, among commands and escapes',
    (auth) =>
      boom(
        400,
        `${'v'.repeat(400)}\n::add-mask::Triggered\n::error::INJECTED\x1b[2J ${'u'.repeat(80)} ${auth} ${'t'.repeat(100)}`,
      ),
  ],
  [
    'pieces of the token',
    (auth) =>
      boom(401, `token ${bare(auth).slice(0, 12)}… is unknown; did you mean ${bare(auth).slice(0, 30)}?`),
  ],
  [
    'the token with zero-width characters between its characters',
    (auth) => boom(401, `token ${[...bare(auth)].join('\u200b')} is not valid (${[...auth].join('\u2060')})`),
  ],
  [
    'the token over two lines, as plain text',
    (auth) => ({ status: 502, text: `${bare(auth).slice(0, 20)}\n${bare(auth).slice(20)}` }),
  ],
];
