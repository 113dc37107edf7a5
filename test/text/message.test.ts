import { expect, it } from 'vitest';
import { messageOf } from '../../src/text/message.ts';

it('reads the message of an Error, and anything else as a string', () => {
  expect(messageOf(new TypeError('bad type'))).toBe('bad type');
  expect(messageOf('plain text')).toBe('plain text');
  expect(messageOf(42)).toBe('42');
  expect(messageOf(undefined)).toBe('undefined');
  expect(messageOf({ toString: () => 'custom' })).toBe('custom');
});
