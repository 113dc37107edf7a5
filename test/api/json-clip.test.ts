// Long string literals cut as a JSON body's bytes arrive: what is kept of each (its head, its length and
// SHA-256) is what clipRemoteText keeps of the string JSON.parse would have made, however the bytes are
// split; everything else reaches JSON.parse unchanged, and what is not JSON stays refused.
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { BodyBudget } from '../../src/api/body-budget.ts';
import { jsonReader } from '../../src/api/body.ts';
import { ContractError } from '../../src/api/errors.ts';
import { JsonClipper, LONG_LITERAL_BYTES } from '../../src/api/json-clip.ts';
import { parseBody, parseRun } from '../../src/api/parse.ts';
import { clipRemoteText, clipText, remoteLength, withCutTexts } from '../../src/api/remote-text.ts';
import type { Run } from '../../src/api/types.ts';

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

const PIECES = [
  'a',
  'z',
  ' ',
  'é',
  '日',
  '🚀',
  '\n',
  '"',
  '\\',
  '/',
  '\u0001',
  '\u2028',
  '\ud800',
  '\udc00',
  '\ufeff',
];

/** A string of `units` code units or more, from PIECES, lone surrogates included. */
function textOf(units: number, next: (below: number) => number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < units) {
    const piece = PIECES[next(PIECES.length)]!;
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('');
}

/** `text` as a JSON literal, each code unit written raw or escaped in one of the ways JSON allows. */
function literalOf(text: string, next: (below: number) => number): string {
  const out: string[] = ['"'];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const hex = (code: number) => {
      const digits = code.toString(16).padStart(4, '0');
      return `\\u${next(2) ? digits : digits.toUpperCase()}`;
    };
    if (pair) {
      out.push(next(2) ? text.slice(i, i + 2) : hex(unit) + hex(text.charCodeAt(i + 1)));
      i++;
    } else if (unit < 0x20 || unit === 0x22 || unit === 0x5c || (unit >= 0xd800 && unit <= 0xdfff)) {
      out.push(next(2) ? JSON.stringify(text[i]).slice(1, -1) : hex(unit));
    } else if (unit === 0x2f) {
      out.push(['/', '\\/', hex(unit)][next(3)]!);
    } else {
      out.push(next(4) ? text[i]! : hex(unit));
    }
  }
  out.push('"');
  return out.join('');
}

function clipInChunks(body: Buffer, cuts: number[]) {
  const clipper = new JsonClipper();
  let from = 0;
  for (const at of [...cuts, body.length]) {
    clipper.push(body.subarray(from, at));
    from = at;
  }
  return clipper.end();
}

/** What the parsers keep of `message` after the clipper, and what they keep of JSON.parse's string. */
function bothWays(body: Buffer, cuts: number[]) {
  const read = clipInChunks(body, cuts);
  expect(read.malformed).toBe(false);
  const parsed = JSON.parse(read.bytes.toString('utf8')) as { message: string; id: string };
  const streamed = withCutTexts(read.cut, () => clipRemoteText(parsed.message));
  const whole = JSON.parse(body.toString('utf8')) as { message: string; id: string };
  expect(parsed.id).toBe(whole.id);
  expect(withCutTexts(read.cut, () => remoteLength(parsed.message))).toBe(whole.message.length);
  return { streamed, direct: clipRemoteText(whole.message), read };
}

const bodyWith = (literal: string) =>
  Buffer.from(`{"id":"r1","message":${literal},"tail":[1,"\\"x"]}`, 'utf8');

describe('a long string literal cut as it arrives', () => {
  it('keeps the head, length and SHA-256 clipRemoteText keeps, for many generated strings', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const next = random(seed);
      const body = bodyWith(literalOf(textOf(LONG_LITERAL_BYTES / 3 + next(40_000), next), next));
      const chunkSizes = [1 + next(7), 13, 1000 + next(5000), 65_536];
      for (const size of chunkSizes) {
        const cuts = Array.from({ length: Math.ceil(body.length / size) - 1 }, (_, k) => (k + 1) * size);
        const { streamed, direct, read } = bothWays(body, cuts);
        expect(direct.whole).toBeDefined();
        expect(streamed).toEqual(direct);
        expect(read.bytes.length).toBeLessThan(200);
      }
    }
  });

  it('gives the same at every split in two near its start, its end and where it becomes long', () => {
    const next = random(99);
    const body = bodyWith(literalOf(textOf(LONG_LITERAL_BYTES / 2, next), next));
    const direct = clipRemoteText((JSON.parse(body.toString('utf8')) as { message: string }).message);
    const open = body.indexOf('"message":') + 10;
    const close = body.lastIndexOf(',"tail"');
    const places = [open - 5, open + LONG_LITERAL_BYTES - 40, close - 80].flatMap((start) =>
      Array.from({ length: 100 }, (_, k) => start + k),
    );
    for (const at of places) {
      const read = clipInChunks(body, [at]);
      const parsed = JSON.parse(read.bytes.toString('utf8')) as { message: string };
      expect(withCutTexts(read.cut, () => clipRemoteText(parsed.message))).toEqual(direct);
    }
  });

  it('decodes invalid UTF-8 as U+FFFD, as the whole body decoded would', () => {
    const next = random(7);
    const invalid = [[0xc3], [0xe6, 0x97], [0xf0, 0x9f, 0x9a], [0xff], [0x80, 0x80], [0xed, 0xa0, 0x80]];
    const parts: Buffer[] = [Buffer.from('{"id":"r","message":"')];
    for (let k = 0; k < 4000; k++) {
      parts.push(Buffer.from(next(3) ? 'word é日🚀 \\n ' : '\\u00e9'));
      if (next(4) === 0) parts.push(Buffer.from(invalid[next(invalid.length)]!));
    }
    parts.push(Buffer.from('"}'));
    const body = Buffer.concat(parts);
    for (const size of [1, 3, 4096]) {
      const cuts = Array.from({ length: Math.ceil(body.length / size) - 1 }, (_, k) => (k + 1) * size);
      const { streamed, direct } = bothWays(body, cuts);
      expect(direct.text).toContain('\ufffd');
      expect(streamed).toEqual(direct);
    }
  });

  it('gives the same for a long text without escapes, split anywhere, multi-byte characters and all', () => {
    const plain = `${'p'.repeat(5000)}${'é日🚀 x'.repeat(12_000)}`;
    const body = bodyWith(JSON.stringify(plain));
    for (const size of [1, 2, 3, 5, 7, 4096, 65_536]) {
      const cuts = Array.from({ length: Math.ceil(body.length / size) - 1 }, (_, k) => (k + 1) * size);
      const { streamed, direct } = bothWays(body, cuts);
      expect(streamed).toEqual(direct);
    }
    // Near its end, an escape, invalid UTF-8 and a raw control character are still seen.
    const tails = [Buffer.from('\\u00e9\\n'), Buffer.from([0xff, 0xc3]), Buffer.from('🚀').subarray(0, 3)];
    for (const tail of tails) {
      const mixed = Buffer.concat([body.subarray(0, -20), tail, body.subarray(-20)]);
      const { streamed, direct } = bothWays(mixed, [70_000, mixed.length - 21]);
      expect(streamed).toEqual(direct);
    }
    const control = Buffer.concat([body.subarray(0, -20), Buffer.from([0x01]), body.subarray(-20)]);
    expect(clipInChunks(control, [70_000, control.length - 21]).malformed).toBe(true);
  });

  it('passes a body of short strings through unchanged, escapes and all', () => {
    const body = Buffer.from(
      JSON.stringify({ a: 'x'.repeat(LONG_LITERAL_BYTES), b: ['\\"', '"\\', '🚀'], c: { 'k"\\': 1 } }),
    );
    for (const at of [1, 10, 30, body.length - 3]) {
      const read = clipInChunks(body, [at]);
      expect(read.bytes.equals(body)).toBe(true);
      expect(read.cut.size).toBe(0);
    }
  });

  it('decodes a megabyte of backslashes', () => {
    const body = bodyWith(`"${'\\\\'.repeat(512 * 1024)}"`);
    const { streamed, direct } = bothWays(body, [100, 1000, 70_000]);
    expect(direct.whole?.bytes).toBe(512 * 1024);
    expect(streamed).toEqual(direct);
  });

  it('holds only what passes through and the head of each long text', () => {
    const clipper = new JsonClipper();
    clipper.push(Buffer.from('{"message":"'));
    for (let k = 0; k < 100; k++) clipper.push(Buffer.from('y'.repeat(64 * 1024)));
    expect(clipper.held).toBeLessThan(LONG_LITERAL_BYTES + 16 * 1024);
    clipper.push(Buffer.from('","id":"r"}'));
    const read = clipper.end();
    const parsed = JSON.parse(read.bytes.toString('utf8')) as { message: string };
    const kept = withCutTexts(read.cut, () => clipText(parsed.message));
    expect(kept.endsWith(`… (cut: ${100 * 64 * 1024} bytes)`)).toBe(true);
  });
});

describe('what is not a long text', () => {
  it('a forged placeholder stays the text it is: only the nonce of this body maps', () => {
    const long = bodyWith(`"${'m'.repeat(LONG_LITERAL_BYTES + 1)}"`);
    const read = clipInChunks(long, []);
    const placeholder = [...read.cut.keys()][0]!;
    expect(placeholder).toMatch(/^\(a text of more than 64 KiB, cut at read: [0-9a-f]{32} 0\)$/);
    const forged = placeholder.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    expect(withCutTexts(read.cut, () => clipText(forged))).toBe(forged);
    // Another body's reading has another nonce.
    expect(clipInChunks(long, []).cut.has(placeholder)).toBe(false);
  });

  it('an unterminated or badly escaped long literal makes the body malformed', () => {
    const big = 'q'.repeat(LONG_LITERAL_BYTES + 10);
    expect(clipInChunks(Buffer.from(`{"message":"${big}`), []).malformed).toBe(true);
    for (const bad of ['\\x', '\\u12G4', '\u0001', '\\u12']) {
      expect(clipInChunks(Buffer.from(`{"message":"${big}${bad}"}`), [5]).malformed).toBe(true);
    }
    // A short unterminated literal passes through, for JSON.parse to refuse.
    expect(clipInChunks(Buffer.from('{"message":"abc'), [3]).bytes.toString()).toBe('{"message":"abc');
  });

  it('deep nesting passes through untouched', () => {
    const body = Buffer.from(`${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`);
    expect(clipInChunks(body, [50_000]).bytes.equals(body)).toBe(true);
  });
});

describe('a JSON body read through the clipper', () => {
  const read = async (chunks: (string | Buffer)[]) => {
    const response = {
      statusCode: 200,
      headers: {},
      body: Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
    } as unknown as Dispatcher.ResponseData;
    const limit = new AbortController().signal;
    const bodies = new BodyBudget(1024 * 1024);
    const reader = jsonReader('GET /runs/:runId', (body) => {
      const message = (body as { message?: unknown }).message;
      return typeof message === 'string' ? clipRemoteText(message) : body;
    });
    return reader(response, '/', { signal: undefined, limit, limitMs: 1000, bodies });
  };
  const refusal = async (chunks: (string | Buffer)[]) =>
    read(chunks).then(
      () => 'read',
      (err: unknown) => (err instanceof ContractError ? err.message : String(err)),
    );
  const big = 'w'.repeat(LONG_LITERAL_BYTES * 3);

  it('keeps a long message cut, from chunks, with a leading byte order mark', async () => {
    const kept = await read([Buffer.from([0xef, 0xbb]), Buffer.from([0xbf]), `{"message":"${big}"}`]);
    expect(kept).toEqual(clipRemoteText(big));
  });

  it('refuses with the same words as before: empty, malformed, unterminated, bad escape', async () => {
    expect(await refusal([' \n'])).toMatch(/is empty \(expected JSON\)/);
    expect(await refusal(['{"message":'])).toMatch(/is not valid JSON/);
    expect(await refusal([`{"message":"${big}`])).toMatch(/is not valid JSON/);
    expect(await refusal([`{"message":"${big}\\q"}`])).toMatch(/is not valid JSON/);
    expect(await refusal([`{"message":"${big}"`])).toMatch(/is not valid JSON/);
  });
});

describe('a field that is not a text, sent as a long literal', () => {
  /** A run parsed from `body` through the clipper and directly: its result, or its error's words. */
  const bothWays = async (body: string) => {
    const response = {
      statusCode: 200,
      headers: {},
      body: Readable.from([Buffer.from(body)]),
    } as unknown as Dispatcher.ResponseData;
    const limit = new AbortController().signal;
    const bodies = new BodyBudget(1024 * 1024);
    const reader = jsonReader('GET /runs/:runId', (parsed) =>
      parseBody(parsed, 'GET /runs/:runId', parseRun),
    );
    const outcome = (run: () => Promise<Run>) =>
      run().then(
        (kept) => kept,
        (err: unknown) => (err instanceof ContractError ? err.message : String(err)),
      );
    return {
      streamed: await outcome(() =>
        reader(response, '/', { signal: undefined, limit, limitMs: 1000, bodies }),
      ),
      direct: await outcome(async () => parseBody(JSON.parse(body), 'GET /runs/:runId', parseRun)),
    };
  };
  const long = 'h'.repeat(LONG_LITERAL_BYTES + 1);
  const run = (fields: Record<string, string>) =>
    JSON.stringify({ id: 'r1', url: 'https://ci.example.test/api/v3/runs/r1', status: 'running', ...fields });

  it('a URL is refused with the words a long URL gets', async () => {
    const { streamed, direct } = await bothWays(run({ url: `https://ci.example.test/${long}` }));
    expect(direct).toMatch(/url.*is not a usable URL \(it is longer than 4096 characters\)/);
    expect(streamed).toBe(direct);
  });

  it('an id is refused with the words a long id gets, its length included', async () => {
    const { streamed, direct } = await bothWays(run({ id: `${long}\u00e9🚀\ud83d\ude80` }));
    expect(direct).toMatch(/id.*is not a usable id \(it is 65542 characters long, more than 64\)/);
    expect(streamed).toBe(direct);
  });

  it('a status is unknown, and an unknown result shows the start of what was sent', async () => {
    const { streamed, direct } = await bothWays(run({ status: long, result: `r${long}` }));
    expect(typeof direct === 'object' && direct.status).toBe('unknown');
    expect(typeof direct === 'object' && direct.rawResult).toBe(`r${'h'.repeat(198)}…`);
    expect(streamed).toEqual(direct);
  });
});
