import { describe, expect, it } from 'vitest';
import { ByteSizeError, parseByteSize } from '../../src/core/settings/byte-size.ts';

describe('parseByteSize', () => {
  it.each([
    ['1', 1],
    ['1048576', 1_048_576],
    ['10B', 10],
    ['2GB', 2_000_000_000],
    ['10GB', 10_000_000_000],
    ['500MB', 500_000_000],
    ['64KB', 64_000],
    ['1TB', 1_000_000_000_000],
    ['1KiB', 1024],
    ['64 KiB', 65_536],
    ['256MiB', 268_435_456],
    ['2GiB', 2_147_483_648],
    ['1TiB', 1_099_511_627_776],
    ['2gb', 2_000_000_000],
    ['2Gb', 2_000_000_000],
    ['1mib', 1_048_576],
    ['  3 MB  ', 3_000_000],
  ])('%j is %d bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  it.each([
    ['', 'the size is empty.'],
    ['1.5GB', '"1.5GB" is not a whole number;'],
    ['0,5MB', '"0,5MB" is not a whole number;'],
    ['-1GB', '"-1GB" is not a size;'],
    ['GB', '"GB" is not a size;'],
    ['2 G B', '"2 G B" is not a size;'],
    ['2XB', '"2XB" has an unknown unit;'],
    ['2G', '"2G" has an unknown unit;'],
    ['0', '"0" is zero: the size must be at least one byte.'],
    ['0GB', '"0GB" is zero'],
    ['99999999999TiB', '"99999999999TiB" is too large.'],
  ])('refuses %j', (text, message) => {
    expect(() => parseByteSize(text)).toThrow(ByteSizeError);
    expect(() => parseByteSize(text)).toThrow(message);
  });
  it('takes no name of an object property for a unit', () => {
    for (const text of ['5constructor', '5CONSTRUCTOR']) {
      expect(() => parseByteSize(text)).toThrow(/unknown unit/);
    }
  });
});
