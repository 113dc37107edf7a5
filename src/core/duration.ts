// Durations as users write them in workflow files: `90s`, `20m`, `2h`, `1h30m`, `1.5h`, or a bare number of
// seconds. `ms` converts each part; it alone would read a bare number as milliseconds and cannot sum `1h30m`.
import ms from 'ms';

/** The longest duration accepted anywhere: longer values are typing mistakes, not waits. */
export const MAX_DURATION_MS = 7 * 24 * 60 * 60 * 1000;

/** How to write a duration, for error messages and hints. */
export const DURATION_FORMS =
  'a number with a unit (`ms`, `s`, `m`, `h` or `d`) such as `90s`, `20m`, `2h`, `1.5h` or `1h30m`, ' +
  'or a bare number of seconds such as `45`';

const UNITS = new Set([
  'ms',
  'msec',
  'msecs',
  'millisecond',
  'milliseconds',
  's',
  'sec',
  'secs',
  'second',
  'seconds',
  'm',
  'min',
  'mins',
  'minute',
  'minutes',
  'h',
  'hr',
  'hrs',
  'hour',
  'hours',
  'd',
  'day',
  'days',
]);

const BARE_SECONDS = /^(?:\d+(?:\.\d+)?|\.\d+)$/;
// Applied to trimmed text; each part starts with a digit or `.`, so the parts cannot overlap.
const COMPOUND = /^(?:(?:\d+(?:\.\d+)?|\.\d+)\s*[a-z]+\s*)+$/i;
const PART = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z]+)/gi;

export class DurationError extends Error {
  override name = 'DurationError';
}

/** Milliseconds for `text`; throws a DurationError for anything that is not a duration of at most 7 days. */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') throw new DurationError('the duration is empty.');
  const shown = JSON.stringify(trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed);
  if (trimmed.startsWith('-')) throw new DurationError(`${shown} is negative: a duration must be positive.`);

  const total = BARE_SECONDS.test(trimmed) ? Number(trimmed) * 1000 : sumParts(trimmed, shown);
  if (!Number.isFinite(total)) throw new DurationError(`${shown} is not a duration.`);
  if (total > MAX_DURATION_MS) {
    throw new DurationError(`${shown} is too long: the longest accepted duration is 7 days (\`7d\`).`);
  }
  return Math.round(total);
}

function sumParts(text: string, shown: string): number {
  if (text.length > 100 || !COMPOUND.test(text)) throw new DurationError(`${shown} is not a duration.`);
  let total = 0;
  for (const [, amount = '', unit = ''] of text.matchAll(PART)) {
    if (!UNITS.has(unit.toLowerCase())) {
      throw new DurationError(
        `${shown} uses the unit \`${unit}\`, which is not supported: use \`ms\`, \`s\`, \`m\`, \`h\` or \`d\`.`,
      );
    }
    total += ms(`${amount}${unit}` as ms.StringValue);
  }
  return total;
}
