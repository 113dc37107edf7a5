// The `env-vars` input: an ordered list of variables, written either as lines or as a JSON array.
//
// Lines (the same rules as the runner's GITHUB_ENV file, plus comments):
// - `KEY=VALUE`: split on the first `=`; the value is everything after it, kept verbatim (inner and
//   trailing spaces included, so `A= b` has the value ` b`). Only the line ending is removed.
// - `KEY<<DELIMITER`, then the value's lines, then a line holding only DELIMITER: a multi-line value,
//   its lines joined with `\n`. Whichever of `=` and `<<` comes first on the line decides the form.
// - Blank lines and lines whose first non-blank character is `#` are skipped (outside heredocs only).
// - Whitespace around the key (and around the delimiter) is ignored, so indentation does no harm.
// - CRLF and LF line endings are both accepted.
// JSON: text starting with `[` is an array of `{"key": "...", "value": "..."}`; number and boolean values are
// turned into strings.
//
// Keys must be `^[A-Za-z_][A-Za-z0-9_]*$`. Order is kept exactly and duplicates are kept too: the API applies the
// array in order, so a later entry overrides an earlier one and may use the variables before it.
// Error messages name lines and indexes but never repeat a value, which may be a secret.
import type { EnvVar } from '../api/types.ts';

const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const NAME_RULE = 'letters, digits and `_`, not starting with a digit';

export class EnvVarsError extends Error {
  override name = 'EnvVarsError';
  /** 1-based line of the lines form, when the problem is on a line. */
  line?: number;
  /** 0-based index of the JSON form, when the problem is in an element. */
  index?: number;

  constructor(message: string, where: { line?: number; index?: number } = {}) {
    super(message);
    if (where.line !== undefined) this.line = where.line;
    if (where.index !== undefined) this.index = where.index;
  }
}

export function parseEnvVars(text: string): EnvVar[] {
  return text.trimStart().startsWith('[') ? parseJsonForm(text) : parseLinesForm(text);
}

function parseLinesForm(text: string): EnvVar[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  const vars: EnvVar[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const lineNumber = i + 1;
    const content = line.trim();
    if (content === '' || content.startsWith('#')) continue;

    const equals = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      vars.push({ key: checkedKey(line.slice(0, equals), lineNumber), value: line.slice(equals + 1) });
      continue;
    }
    if (heredoc >= 0) {
      const key = checkedKey(line.slice(0, heredoc), lineNumber);
      const delimiter = line.slice(heredoc + 2).trim();
      if (delimiter === '') {
        throw new EnvVarsError(
          `line ${lineNumber}: \`${key}<<\` has no delimiter; write \`${key}<<EOF\`, the value's lines, then a line with only \`EOF\`.`,
          { line: lineNumber },
        );
      }
      const end = lines.findIndex((candidate, j) => j > i && candidate.trimEnd() === delimiter);
      if (end < 0) {
        throw new EnvVarsError(
          `line ${lineNumber}: the multi-line value \`${key}<<${delimiter}\` is never closed; ` +
            `add a line containing only \`${delimiter}\` after its last line.`,
          { line: lineNumber },
        );
      }
      vars.push({ key, value: lines.slice(i + 1, end).join('\n') });
      i = end;
      continue;
    }
    throw new EnvVarsError(
      `line ${lineNumber} is not \`KEY=VALUE\`, \`KEY<<DELIMITER\`, a \`#\` comment or a blank line.`,
      { line: lineNumber },
    );
  }
  return vars;
}

function checkedKey(raw: string, lineNumber: number): string {
  const key = raw.trim();
  if (key === '') {
    throw new EnvVarsError(`line ${lineNumber} has no variable name before \`=\` or \`<<\`.`, {
      line: lineNumber,
    });
  }
  if (!ENV_VAR_NAME.test(key)) {
    // The text before `=` is not repeated: on a botched multi-line value it can be part of a secret.
    throw new EnvVarsError(`line ${lineNumber}: the variable name is not valid; use ${NAME_RULE}.`, {
      line: lineNumber,
    });
  }
  return key;
}

function parseJsonForm(text: string): EnvVar[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new EnvVarsError(
      `the text starts with \`[\` but is not valid JSON${jsonErrorLocation(text, error)}.`,
    );
  }
  if (!Array.isArray(data)) {
    throw new EnvVarsError('the JSON is not an array; write `[{"key": "NAME", "value": "text"}, ...]`.');
  }
  return data.map((element: unknown, index) => jsonElement(element, index));
}

function jsonElement(element: unknown, index: number): EnvVar {
  const at = `element at index ${index}`;
  if (typeof element !== 'object' || element === null || Array.isArray(element)) {
    throw new EnvVarsError(`${at} is not an object like \`{"key": "NAME", "value": "text"}\`.`, { index });
  }
  const record = element as Record<string, unknown>;
  const unknown = Object.keys(record).find((property) => property !== 'key' && property !== 'value');
  if (unknown !== undefined) {
    throw new EnvVarsError(
      `${at} has the property ${JSON.stringify(unknown.slice(0, 40))}; only "key" and "value" are allowed.`,
      { index },
    );
  }
  const { key, value } = record;
  if (typeof key !== 'string') throw new EnvVarsError(`${at}: "key" must be a string.`, { index });
  if (!ENV_VAR_NAME.test(key)) {
    throw new EnvVarsError(
      `${at}: "key" ${JSON.stringify(key.slice(0, 40))} is not valid; use ${NAME_RULE}.`,
      {
        index,
      },
    );
  }
  if (typeof value === 'string') return { key, value };
  if (typeof value === 'number' || typeof value === 'boolean') return { key, value: String(value) };
  throw new EnvVarsError(
    `${at}: "value" must be a string (numbers and booleans are accepted and sent as text), not ${typeWord(value)}.`,
    { index },
  );
}

function typeWord(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `an ${typeof value}`;
}

// V8's messages may quote the input (a secret, perhaps), so only the position is taken from them.
function jsonErrorLocation(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /at position (\d+)/.exec(message);
  if (position?.[1] !== undefined) {
    const before = text.slice(0, Number(position[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return ` (line ${line}, column ${column})`;
  }
  return /end of JSON/i.test(message) ? ' (it ends before the array is closed)' : '';
}
