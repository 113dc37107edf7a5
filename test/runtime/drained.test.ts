// Waiting for an output stream to take what was written: at once while it holds little, else until it drains
// or closes.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drained } from '../../src/runtime/drained.ts';

/** A stream that takes a write only when the test says so. */
function heldStream() {
  const pending: Array<() => void> = [];
  const stream = new Writable({
    highWaterMark: 4,
    write: (_chunk, _encoding, callback) => void pending.push(() => callback()),
  });
  return { stream, takeAll: () => pending.splice(0).forEach((take) => take()) };
}

const state = (promise: Promise<void>) =>
  Promise.race([
    promise.then(() => 'resolved'),
    new Promise((resolve) => setImmediate(() => resolve('pending'))),
  ]);

describe('drained', () => {
  it('resolves at once while the stream is under its high-water mark', async () => {
    const { stream } = heldStream();
    stream.write('ab');
    expect(await state(drained(stream))).toBe('resolved');
  });

  it('waits while the stream holds more than it wants, until it drains', async () => {
    const held = heldStream();
    held.stream.write('abcdefgh');
    const waiting = drained(held.stream);
    expect(await state(waiting)).toBe('pending');
    held.takeAll();
    expect(await state(waiting)).toBe('resolved');
    expect(held.stream.listenerCount('drain')).toBe(0);
    expect(held.stream.listenerCount('close')).toBe(0);
  });

  it('stops waiting when the stream closes without draining', async () => {
    const held = heldStream();
    held.stream.write('abcdefgh');
    const waiting = drained(held.stream);
    held.stream.destroy();
    expect(await state(waiting)).toBe('resolved');
    expect(await state(drained(held.stream))).toBe('resolved');
  });
});
