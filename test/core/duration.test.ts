import { describe, expect, it } from 'vitest';
import { DURATION_FORMS, DurationError, MAX_DURATION_MS, parseDuration } from '../../src/core/duration.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('parseDuration', () => {
  it.each([
    ['45', 45 * SECOND],
    ['0', 0],
    ['1.5', 1500],
    ['.5', 500],
    ['90s', 90 * SECOND],
    ['20m', 20 * MINUTE],
    ['2h', 2 * HOUR],
    ['1d', DAY],
    ['250ms', 250],
    ['1.5h', 90 * MINUTE],
    ['1h30m', 90 * MINUTE],
    ['1h 30m 15s', HOUR + 30 * MINUTE + 15 * SECOND],
    ['2m30s', 150 * SECOND],
    ['1m500ms', MINUTE + 500],
    ['20 minutes', 20 * MINUTE],
    ['2 hours', 2 * HOUR],
    ['1 hr', HOUR],
    ['10 sec', 10 * SECOND],
    ['3 days', 3 * DAY],
    ['2H', 2 * HOUR],
    ['  90s  ', 90 * SECOND],
    ['0s', 0],
    ['7d', MAX_DURATION_MS],
    ['1.0005', 1001],
  ])('reads %j as %d ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['soon', 'not a duration'],
    ['-5m', 'negative'],
    ['-1', 'negative'],
    ['2w', 'unit `w`'],
    ['1y', 'unit `y`'],
    ['5 fortnights', 'unit `fortnights`'],
    ['1e3', 'not a duration'],
    ['Infinity', 'not a duration'],
    ['NaN', 'not a duration'],
    ['1h30', 'not a duration'],
    ['h', 'not a duration'],
    ['1.h', 'not a duration'],
    ['1,5h', 'not a duration'],
    ['+5m', 'not a duration'],
    ['8d', 'too long'],
    ['604801', 'too long'],
    ['169h', 'too long'],
  ])('rejects %j (%s)', (text, fragment) => {
    expect(() => parseDuration(text)).toThrow(DurationError);
    expect(() => parseDuration(text)).toThrow(fragment);
  });

  it('offers the accepted forms for messages', () => {
    expect(DURATION_FORMS).toMatch(/`90s`.*`1h30m`.*bare number of seconds/);
  });
});
