import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  charBoundary,
  LineTail,
  marker,
  MARKER_ROOM,
  tailLines,
  type TailOptions,
} from '../../../src/core/report/tail.ts';

const encoder = new TextEncoder();

async function* chunksOf(text: string | Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

/** What the tail must equal when nothing is cut: split, drop the line end, keep the last ones. */
function naiveTail(text: string, maxLines: number): { lines: string[]; truncatedLines: number } {
  const all = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (text.endsWith('\n') || text === '') all.pop();
  const lines = all.slice(Math.max(0, all.length - maxLines));
  return { lines, truncatedLines: all.length - lines.length };
}

describe('tailLines', () => {
  it('splits lines, drops LF and CRLF, and keeps a last line without a line end', async () => {
    const tail = await tailLines(chunksOf('one\r\ntwo\n\nthree', 3));
    expect(tail).toEqual({ lines: ['one', 'two', '', 'three'], truncatedLines: 0, totalBytes: 15 });
  });

  it('adds no empty line after a final line end, and handles empty input', async () => {
    expect((await tailLines(chunksOf('a\nb\n', 64))).lines).toEqual(['a', 'b']);
    expect(await tailLines(chunksOf('', 64))).toEqual({ lines: [], truncatedLines: 0, totalBytes: 0 });
    expect((await tailLines(chunksOf('\n', 64))).lines).toEqual(['']);
  });

  it('keeps only the last maxLines lines and counts the others', async () => {
    const text = Array.from({ length: 1000 }, (_, index) => `line ${index}`).join('\n');
    const tail = await tailLines(chunksOf(text, 97), { maxLines: 10 });
    expect(tail.lines).toEqual(Array.from({ length: 10 }, (_, index) => `line ${990 + index}`));
    expect(tail.truncatedLines).toBe(990);
  });

  it('keeps at most maxBytes of line content', async () => {
    const text = `${Array.from({ length: 100 }, () => 'x'.repeat(99)).join('\n')}\n`;
    const tail = await tailLines(chunksOf(text, 1000), { maxLines: 1000, maxBytes: 1000 });
    expect(tail.lines).toHaveLength(10);
    expect(tail.truncatedLines).toBe(90);
    expect(tail.lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0)).toBeLessThanOrEqual(1000);
  });

  it('decodes UTF-8 correctly when characters are split across chunks', async () => {
    const text = 'héllo wörld\n中文日志\n😀 emoji 🎉\nlast ✔';
    for (const size of [1, 2, 3, 5, 7]) {
      expect((await tailLines(chunksOf(text, size))).lines, `chunks of ${size}`).toEqual(text.split('\n'));
    }
  });

  it('cuts very long lines, keeping their beginning and whole characters', async () => {
    const long = `start ${'é'.repeat(10_000)}`;
    const tail = await tailLines(chunksOf(`${long}\nshort\n`, 4096), { maxLineBytes: 1000 });
    const [cut, short] = tail.lines;
    expect(short).toBe('short');
    expect(cut?.startsWith('start éé')).toBe(true);
    expect(cut).toMatch(/é… \[\d+ more bytes\]$/);
    expect(cut).not.toContain('\uFFFD');
    expect(Buffer.byteLength(cut ?? '')).toBeLessThanOrEqual(1000);
    const shown = Buffer.byteLength((cut ?? '').replace(/… \[\d+ more bytes\]$/, ''));
    expect(Number(/(\d+) more/.exec(cut ?? '')?.[1])).toBe(Buffer.byteLength(long) - shown);
  });

  it('never splits a character at the cut, whatever its width and the limit', async () => {
    for (const char of ['é', '中', '😀']) {
      for (let maxLineBytes = 80; maxLineBytes < 90; maxLineBytes += 1) {
        const line = char.repeat(200);
        const [cut = ''] = (await tailLines(chunksOf(line, 13), { maxLineBytes })).lines;
        expect(cut).not.toContain('\uFFFD');
        expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(maxLineBytes);
        const kept = cut.replace(/… \[\d+ more bytes\]$/, '');
        expect(kept).toBe(char.repeat([...kept].length));
        expect(Number(/(\d+) more/.exec(cut)?.[1])).toBe(Buffer.byteLength(line) - Buffer.byteLength(kept));
      }
    }
  });

  it('does not count a CR just past the cut as a cut byte', async () => {
    const tail = await tailLines(chunksOf(`${'a'.repeat(100)}\r\n`, 7), { maxLineBytes: 100 });
    expect(tail.lines).toEqual(['a'.repeat(100)]);
  });

  it('equals a plain split for any chunking (generated cases)', async () => {
    let seed = 42;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % bound;
    };
    const alphabet = ['a', 'b', ' ', '\n', '\n', '\r\n', 'é', '中', '😀', '::', '#'];
    for (let round = 0; round < 200; round += 1) {
      let text = '';
      for (let count = next(120); count > 0; count -= 1) text += alphabet[next(alphabet.length)];
      const maxLines = 1 + next(12);
      const tail = await tailLines(chunksOf(text, 1 + next(16)), { maxLines });
      const { truncatedLines, lines } = naiveTail(text, maxLines);
      expect({ lines: tail.lines, truncatedLines: tail.truncatedLines }, JSON.stringify(text)).toEqual({
        lines,
        truncatedLines,
      });
      expect(tail.totalBytes).toBe(Buffer.byteLength(text));
    }
  });

  it('keeps the longest run of last lines within maxLines and maxBytes, cut lines too, for any chunking (generated cases)', async () => {
    let seed = 7;
    const next = (bound: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % bound;
    };
    const pieces = ['a', 'b', ' ', '\n', '\n', '\r\n', '\r', 'é', '中', '😀', 'x'.repeat(40), '\ufeff'];
    for (let round = 0; round < 300; round += 1) {
      let text = '';
      for (let count = next(60); count > 0; count -= 1) text += pieces[next(pieces.length)];
      const options = { maxLines: next(12), maxBytes: 1 + next(300), maxLineBytes: 1 + next(120) };
      const tail = await tailLines(chunksOf(text, 1 + next(40)), options);
      expect(tail, JSON.stringify({ text, options })).toEqual(modelTail(encoder.encode(text), options));
    }
  });

  it('can be fed chunk by chunk', () => {
    const tail = new LineTail({ maxLines: 2 });
    for (const piece of ['a\nb', '\nc', '\nd']) tail.push(encoder.encode(piece));
    expect(tail.end()).toEqual({ lines: ['c', 'd'], truncatedLines: 2, totalBytes: 7 });
  });

  it('rejects limits that make no sense', () => {
    expect(() => new LineTail({ maxLines: -1 })).toThrow(RangeError);
    expect(() => new LineTail({ maxBytes: 0 })).toThrow(RangeError);
    expect(() => new LineTail({ maxLineBytes: 1.5 })).toThrow(RangeError);
  });
});

describe('tailLines on a 100 MB log', () => {
  // Retained memory is sampled after a forced collection, so garbage does not blur the measure.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // Other files share this process: a new context of theirs gets no `gc`.
  setFlagsFromString('--no-expose-gc');
  const retained = () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };

  const LINE = 100;
  const CHUNK = 64 * 1024;
  const TOTAL = 100 * 1024 * 1024;
  const LINES = TOTAL / LINE;
  const lineText = (index: number) => `${String(index).padStart(9, '0')} ${'x'.repeat(LINE - 11)}`;

  it('costs the same memory as a small log, and keeps the right lines', async () => {
    // A few buffers are reused for every chunk: a tail that kept views into them instead of copies would
    // show the wrong text at the end (they are overwritten once the source is done).
    const pool = Array.from({ length: 4 }, () => new Uint8Array(CHUNK));
    const scratch = encoder.encode(`${lineText(0)}\n`);
    const samples: number[] = [];
    const baseline = retained();

    async function* source(): AsyncGenerator<Uint8Array> {
      for (let chunkIndex = 0; chunkIndex * CHUNK < TOTAL; chunkIndex += 1) {
        const chunk = pool[chunkIndex % pool.length] as Uint8Array;
        const start = chunkIndex * CHUNK;
        for (let line = Math.floor(start / LINE); line * LINE < start + CHUNK; line += 1) {
          let digits = line;
          for (let at = 8; at >= 0; at -= 1) {
            scratch[at] = 0x30 + (digits % 10);
            digits = Math.floor(digits / 10);
          }
          const from = Math.max(start, line * LINE);
          const to = Math.min(start + CHUNK, (line + 1) * LINE);
          chunk.set(scratch.subarray(from - line * LINE, to - line * LINE), from - start);
        }
        if (chunkIndex % 160 === 0) samples.push(retained() - baseline);
        yield chunk;
      }
      for (const buffer of pool) buffer.fill(0x21);
    }

    const tail = await tailLines(source());
    samples.push(retained() - baseline);

    expect(tail.totalBytes).toBe(TOTAL);
    expect(tail.lines).toHaveLength(200);
    expect(tail.truncatedLines).toBe(LINES - 200);
    expect(tail.lines[0]).toBe(lineText(LINES - 200));
    expect(tail.lines.at(-1)).toBe(lineText(LINES - 1));
    expect(Math.max(...samples)).toBeLessThan(50 * 1024 * 1024);
  });

  it('bounds a single line without any line end', async () => {
    const chunk = new Uint8Array(CHUNK).fill(0x61);
    const baseline = retained();
    let peak = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      for (let index = 0; index < 320; index += 1) {
        if (index % 64 === 0) peak = Math.max(peak, retained() - baseline);
        yield chunk;
      }
    }
    const tail = await tailLines(source());
    expect(tail.lines).toHaveLength(1);
    expect(tail.lines[0]).toMatch(/^a+… \[\d+ more bytes\]$/);
    expect(Buffer.byteLength(tail.lines[0] ?? '')).toBeLessThanOrEqual(4096);
    expect(peak).toBeLessThan(50 * 1024 * 1024);
  });
});

/**
 * What a tail holds, worked out from the whole text at once: every line (without LF or CRLF) cut as a tail
 * cuts it, then the longest run of last lines within both limits.
 */
function modelTail(bytes: Uint8Array, options: Required<TailOptions>) {
  const limit = Math.min(options.maxLineBytes, options.maxBytes);
  const withMarker = limit >= 2 * MARKER_ROOM;
  const lines: Array<{ text: string; size: number }> = [];
  let begin = 0;
  const finish = (end: number) => {
    let line = bytes.subarray(begin, end);
    if (line.at(-1) === 0x0d) line = line.subarray(0, -1);
    if (line.length <= limit) {
      lines.push({ text: new TextDecoder().decode(line), size: line.length });
      return;
    }
    const keep = charBoundary(line, withMarker ? limit - MARKER_ROOM : limit);
    const ending = withMarker ? marker(line.length - keep) : '';
    const text = new TextDecoder().decode(line.subarray(0, keep)) + ending;
    lines.push({ text, size: keep + Buffer.byteLength(ending) });
  };
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) {
    finish(at);
    begin = at + 1;
  }
  if (begin < bytes.length) finish(bytes.length);
  let from = lines.length;
  let size = 0;
  while (
    from > 0 &&
    lines.length - from < options.maxLines &&
    size + lines[from - 1]!.size <= options.maxBytes
  ) {
    from -= 1;
    size += lines[from]!.size;
  }
  return {
    lines: lines.slice(from).map((line) => line.text),
    truncatedLines: from,
    totalBytes: bytes.length,
  };
}
