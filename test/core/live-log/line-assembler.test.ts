import { describe, expect, it } from 'vitest';
import { LineAssembler } from '../../../src/core/live-log/line-assembler.ts';
import { tailLines } from '../../../src/core/report/tail.ts';

const encoder = new TextEncoder();

/** Every line the assembler gives for `bytes` pushed in pieces cut at `cuts`, then its end. */
function assemble(bytes: Uint8Array, cuts: number[], maxLineBytes?: number): string[] {
  const assembler = new LineAssembler(maxLineBytes !== undefined ? { maxLineBytes } : {});
  const lines: string[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    lines.push(...assembler.push(bytes.subarray(at, cut)));
    at = cut;
  }
  const last = assembler.end();
  if (last !== undefined) lines.push(last);
  expect(assembler.offset).toBe(bytes.length);
  return lines;
}

describe('LineAssembler', () => {
  it('gives each whole line once, without LF or CRLF, and holds a line until its newline', () => {
    const assembler = new LineAssembler();
    expect(assembler.push(encoder.encode('one\r\ntw'))).toEqual(['one']);
    expect(assembler.partial).toBe(true);
    expect(assembler.push(encoder.encode('o\n\nthr'))).toEqual(['two', '']);
    expect(assembler.offset).toBe(13);
    expect(assembler.push(encoder.encode('ee'))).toEqual([]);
    expect(assembler.end()).toBe('three');
    expect(assembler.end()).toBeUndefined();
  });

  it('decodes a character split between two reads whole, wherever the reads end', () => {
    const text = 'a €uro 𝄞 clef ✓ and ünïcödé\nsecond line 日本語\n';
    const bytes = encoder.encode(text);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      expect(assemble(bytes, [cut])).toEqual(['a €uro 𝄞 clef ✓ and ünïcödé', 'second line 日本語']);
    }
    // One byte at a time.
    expect(
      assemble(
        bytes,
        Array.from({ length: bytes.length }, (_, index) => index),
      ),
    ).toEqual(['a €uro 𝄞 clef ✓ and ünïcödé', 'second line 日本語']);
  });

  it('cuts an overlong line as a log tail does, whatever the reads', async () => {
    const long = `${'é'.repeat(3000)}tail`;
    const text = `short\n${long}\nafter\n`;
    const bytes = encoder.encode(text);
    const tail = await tailLines(
      (async function* () {
        yield bytes;
      })(),
      { maxLineBytes: 1000 },
    );
    for (const cuts of [[], [7, 500, 1001, 4000], Array.from({ length: 60 }, (_, index) => index * 101)]) {
      expect(assemble(bytes, cuts, 1000)).toEqual(tail.lines);
    }
    const [, cut] = tail.lines;
    expect(cut).toMatch(/^é+… \[\d+ more bytes\]$/);
  });

  it('strips the CR of a CRLF split between two reads, also on a cut line', () => {
    expect(assemble(encoder.encode('one\r\ntwo\r\n'), [4])).toEqual(['one', 'two']);
    const long = encoder.encode(`${'x'.repeat(200)}\r\nnext`);
    expect(assemble(long, [201], 100)).toEqual([`${'x'.repeat(60)}… [140 more bytes]`, 'next']);
  });

  it('starts over from the first byte, dropping the line begun', () => {
    const assembler = new LineAssembler();
    assembler.push(encoder.encode('one\ntw'));
    assembler.reset();
    expect(assembler.offset).toBe(0);
    expect(assembler.partial).toBe(false);
    expect(assembler.push(encoder.encode('new\n'))).toEqual(['new']);
  });

  it('refuses a line limit that is not a whole positive number', () => {
    expect(() => new LineAssembler({ maxLineBytes: 0 })).toThrow(/maxLineBytes/);
  });
});
