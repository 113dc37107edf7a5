import { describe, expect, it } from 'vitest';
import { LineAssembler } from '../../../src/core/live-log/line-assembler.ts';
import { LineTail, tailLines } from '../../../src/core/report/tail.ts';

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

  it('ends a line cut within a character with the whole characters before it, as a log tail does', () => {
    const line = 'Checked 12 files ✓ · café · 日本語 · 🚀';
    const bytes = encoder.encode(`first\n${line}`);
    for (let end = 7; end <= bytes.length; end += 1) {
      const assembler = new LineAssembler();
      expect(assembler.push(bytes.subarray(0, end))).toEqual(['first']);
      const last = assembler.end(true) ?? '';
      expect(last).not.toContain('\ufffd');
      expect(line.startsWith(last), `${end}: ${last}`).toBe(true);
      // At most the three bytes of a character begun are left out.
      expect(encoder.encode(last).length).toBeGreaterThanOrEqual(end - 6 - 3);
      const tail = new LineTail();
      tail.push(bytes.subarray(0, end));
      expect(tail.end(true).lines).toEqual(['first', last]);
    }
  });

  it('decodes the end of a whole log as it is, a broken last character included', () => {
    const bytes = encoder.encode('first\nlast ✓').subarray(0, -1);
    const assembler = new LineAssembler();
    assembler.push(bytes);
    expect(assembler.end()).toBe('last \ufffd');
    const tail = new LineTail();
    tail.push(bytes);
    expect(tail.end().lines).toEqual(['first', 'last \ufffd']);
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

  it('gives the lines a log tail would, and a chunk’s lines at once, however the reads cut (generated cases)', async () => {
    let seed = 11;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % bound;
    };
    const pieces = ['a', ' ', '\n', '\n', '\r\n', '\r', '\r\r\n', 'é', '中', '😀', '\ufeff', 'y'.repeat(50)];
    for (let round = 0; round < 300; round += 1) {
      let text = '';
      for (let count = next(50); count > 0; count -= 1) text += pieces[next(pieces.length)];
      const bytes = encoder.encode(text);
      const maxLineBytes = 1 + next(140);
      const cuts = Array.from({ length: next(6) }, () => next(bytes.length + 1)).sort((a, b) => a - b);
      const tail = await tailLines(
        (async function* () {
          yield bytes;
        })(),
        { maxLines: 1e6, maxBytes: 1e6, maxLineBytes },
      );
      expect(assemble(bytes, cuts, maxLineBytes), JSON.stringify({ text, cuts, maxLineBytes })).toEqual(
        tail.lines,
      );
      // The same lines as one text joined by LF, and nothing for a chunk that ends no line.
      const assembler = new LineAssembler({ maxLineBytes });
      const blocks: string[] = [];
      let at = 0;
      for (const cut of [...cuts, bytes.length]) {
        const piece = bytes.subarray(at, cut);
        const block = assembler.pushBlock(piece);
        expect(block === undefined).toBe(!piece.includes(0x0a));
        if (block !== undefined) blocks.push(block);
        at = cut;
      }
      const last = assembler.end();
      expect([...blocks, ...(last === undefined ? [] : [last])].join('\n').split('\n')).toEqual(
        tail.lines.length === 0 ? [''] : tail.lines,
      );
    }
  });

  it('refuses a line limit that is not a whole positive number', () => {
    expect(() => new LineAssembler({ maxLineBytes: 0 })).toThrow(/maxLineBytes/);
  });
});
