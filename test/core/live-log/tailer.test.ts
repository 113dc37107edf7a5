import { describe, expect, it } from 'vitest';
import { StepLogTailer, type TailerDeps } from '../../../src/core/live-log/tailer.ts';
import { ConcurrentTime } from '../flow/concurrent-time.ts';
import { LogServer, type LogFault } from './log-server.ts';

interface Watch {
  server: LogServer;
  time: ConcurrentTime;
  tailer: StepLogTailer;
  /** Every line printed, in order, with the virtual time it was printed at. */
  printed: Array<{ line: string; at: number }>;
  notes: string[];
  cancel: AbortController;
}

function watch(server = new LogServer(), extra: Partial<TailerDeps> = {}): Watch {
  const time = new ConcurrentTime();
  const printed: Watch['printed'] = [];
  const notes: string[] = [];
  const cancel = new AbortController();
  const tailer = new StepLogTailer({
    read: server.read,
    sleep: time.sleep,
    print: (lines) => {
      for (const line of lines) printed.push({ line, at: time.now - start });
    },
    note: (message) => void notes.push(message),
    debug: () => undefined,
    cancel: cancel.signal,
    name: 'step 2',
    ...extra,
  });
  const start = time.now;
  return { server, time, tailer, printed, notes, cancel };
}

/** Appends `lines[i]` at `everyMs * (i + 1)`; resolves with the tail once the step ends after the last. */
function grow(w: Watch, lines: string[], everyMs: number, endAfterMs = everyMs) {
  w.tailer.start();
  lines.forEach((line, index) => w.time.at(everyMs * (index + 1), () => w.server.append(line)));
  return new Promise<Awaited<ReturnType<StepLogTailer['finish']>>>((resolve, reject) => {
    w.time.at(everyMs * lines.length + endAfterMs, () => void w.tailer.finish().then(resolve, reject));
  });
}

/** `watch()`, with the virtual time of each read from the start. */
function watchReads(server: LogServer): { w: Watch; readAt: number[] } {
  const readAt: number[] = [];
  let start = 0;
  const w: Watch = watch(server, {
    read: (from, call) => {
      readAt.push(w.time.now - start);
      return server.read(from, call);
    },
  });
  start = w.time.now;
  return { w, readAt };
}

const serverLines = (server: LogServer) => server.text.split('\n').slice(0, -1);
const texts = (w: Watch) => w.printed.map((entry) => entry.line);
/** Lets every promise that can run, run. */
const settle = async () => {
  for (let round = 0; round < 20; round += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('StepLogTailer', () => {
  it('prints each line once, in order, while the log grows, not at its end', async () => {
    const w = watch();
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}\n`);
    await grow(w, lines, 1000);
    expect(texts(w)).toEqual(serverLines(w.server));
    // Line i appears at i s: it is printed a read or two after it, long before the step ends at 31 s.
    w.printed.forEach(({ at }, index) => {
      expect(at).toBeGreaterThanOrEqual((index + 1) * 1000);
      expect(at).toBeLessThanOrEqual((index + 1) * 1000 + 2400);
    });
  });

  it('reads each byte once from a server that honours Range, and one read at a time', async () => {
    const w = watch();
    await grow(
      w,
      Array.from({ length: 20 }, (_, index) => `${'x'.repeat(index)}\n`),
      700,
    );
    expect(w.server.sentBytes).toBe(w.server.length);
    expect(w.server.maxInFlight).toBe(1);
    // Offsets never go back.
    expect(w.server.reads).toEqual([...w.server.reads].sort((a, b) => a - b));
  });

  it('reads about every 1.6 s while the log grows, and backs off to 10 s while it does not', async () => {
    const w = watch();
    w.tailer.start();
    for (let second = 1; second <= 60; second += 1)
      w.time.at(second * 1000, () => w.server.append(`${second}\n`));
    let firstMinute = 0;
    w.time.at(60_000, () => (firstMinute = w.server.reads.length));
    const done = new Promise((resolve) => w.time.at(180_000, () => void w.tailer.finish().then(resolve)));
    await done;
    expect(texts(w)).toEqual(serverLines(w.server));
    // Under 40 reads a minute while growing; then 2.4, 3.6, 5.4, 8.1 and every 10 s: about 14 in two quiet minutes.
    expect(firstMinute).toBeLessThan(40);
    expect(firstMinute).toBeGreaterThanOrEqual(35);
    expect(w.server.reads.length - firstMinute).toBeLessThanOrEqual(16);
  });

  it('holds a line without its newline until the next read, or prints it at the step’s end', async () => {
    const w = watch();
    w.tailer.start();
    w.time.at(1000, () => w.server.append('first\nsecond wi'));
    w.time.at(5000, () => w.server.append('thout a break\nlast without newline'));
    const tail = await new Promise<Awaited<ReturnType<StepLogTailer['finish']>>>((resolve) =>
      w.time.at(9000, () => void w.tailer.finish().then(resolve)),
    );
    expect(texts(w)).toEqual(['first', 'second without a break', 'last without newline']);
    expect(w.printed[1]!.at).toBeGreaterThanOrEqual(5000);
    expect(tail.lines).toEqual(['first', 'second without a break', 'last without newline']);
  });

  it('keeps a multi-byte character whole when a read ends inside it', async () => {
    const w = watch();
    w.server.chunkBytes = 3;
    const bytes = new TextEncoder().encode('naïve ✓ 𝄞 日本\n');
    w.tailer.start();
    // The log grows one byte at a time: every read ends inside a character at some point.
    Array.from(bytes).forEach((byte, index) =>
      w.time.at(700 * (index + 1), () => w.server.append(Uint8Array.of(byte))),
    );
    await new Promise((resolve) =>
      w.time.at(700 * (bytes.length + 2), () => void w.tailer.finish().then(resolve)),
    );
    expect(texts(w)).toEqual(['naïve ✓ 𝄞 日本']);
  });

  it('cuts an overlong line as a log tail does', async () => {
    const w = watch(new LogServer(), { tail: { maxLineBytes: 100 } });
    await grow(w, [`${'y'.repeat(150)}`, `${'y'.repeat(150)}\nshort\n`], 1000);
    expect(texts(w)).toEqual([`${'y'.repeat(60)}… [240 more bytes]`, 'short']);
  });

  it('skips what it has already taken from a server that ignores Range', async () => {
    const server = new LogServer();
    server.ignoresRange = true;
    server.chunkBytes = 5;
    const w = watch(server);
    const lines = Array.from({ length: 15 }, (_, index) => `ränge ignored ${index}\n`);
    await grow(w, lines, 1000);
    expect(texts(w)).toEqual(serverLines(server));
  });

  it('says once that a log started over, and reads it from the start', async () => {
    for (const ignoresRange of [false, true]) {
      const server = new LogServer();
      server.ignoresRange = ignoresRange;
      const w = watch(server);
      w.tailer.start();
      w.time.at(1000, () => server.append('old one\nold two\n'));
      w.time.at(4000, () => server.replace('new\n'));
      w.time.at(8000, () => server.append('newer\n'));
      await new Promise((resolve) => w.time.at(12_000, () => void w.tailer.finish().then(resolve)));
      expect(texts(w)).toEqual(['old one', 'old two', 'new', 'newer']);
      expect(w.notes).toEqual(['The log of step 2 started over; reading it from the start.']);
    }
  });

  it.each<[string, LogFault[]]>([
    ['refused (503)', [{ kind: 'refused' }, { kind: 'refused' }]],
    ['dropped mid-body', [{ kind: 'dropped', afterBytes: 7 }]],
    ['dropped inside a character', [{ kind: 'dropped', afterBytes: 2 }]],
  ])('tries a read that failed (%s) again from the byte after the last one taken', async (_name, faults) => {
    const server = new LogServer();
    server.chunkBytes = 4;
    const w = watch(server);
    w.tailer.start();
    w.time.at(1000, () => server.append('€ one\ntwo\nthr'));
    w.time.at(1200, () => server.faults.push(...faults));
    w.time.at(3000, () => server.append('ee\nfour €\n'));
    await new Promise((resolve) => w.time.at(20_000, () => void w.tailer.finish().then(resolve)));
    expect(texts(w)).toEqual(['€ one', 'two', 'three', 'four €']);
  });

  it('prints every line exactly once whatever the server does (seeded)', async () => {
    for (let seed = Number(process.env.SEED ?? 1); seed <= Number(process.env.SEED ?? 40); seed += 1) {
      const random = mulberry32(seed);
      const server = new LogServer();
      server.ignoresRange = random() < 0.3;
      server.chunkBytes = 1 + Math.floor(random() * 20);
      const w = watch(server);
      w.tailer.start();
      const words = ['ok', 'été', '𝄞', '::error::x', 'x'.repeat(30), '日本語', '\r', ''];
      // One read in five fails, before its answer or halfway through its body.
      server.faultFor = () =>
        random() < 0.2
          ? random() < 0.5
            ? { kind: 'refused' }
            : { kind: 'dropped', afterBytes: Math.floor(random() * 12) }
          : undefined;
      let at = 0;
      for (let step = 0; step < 40; step += 1) {
        at += Math.floor(random() * 2500);
        const piece = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
          random() < 0.3 ? '\n' : words[Math.floor(random() * words.length)]!,
        ).join(' ');
        w.time.at(at, () => server.append(piece));
      }
      await new Promise((resolve) => w.time.at(at + 1000, () => void w.tailer.finish().then(resolve)));
      const expected = server.text.split('\n').map((line) => line.replace(/\r$/, ''));
      if (server.text.endsWith('\n')) expected.pop();
      expect(texts(w), `seed ${seed}`).toEqual(expected);
      expect(server.maxInFlight).toBe(1);
    }
  });

  it('prints lines while a 13 s step runs after four failed reads in a row (two 503s, two dropped connections)', async () => {
    const server = new LogServer();
    const { w, readAt } = watchReads(server);
    server.faults.push(
      { kind: 'refused' },
      { kind: 'refused' },
      { kind: 'dropped', afterBytes: 0 },
      { kind: 'dropped', afterBytes: 0 },
    );
    // A line every second from the step's start; the first line is there before the first dropped read.
    const lines = Array.from({ length: 13 }, (_, index) => `line ${index + 1}\n`);
    w.time.at(0, () => w.server.append('line 0\n'));
    await grow(w, lines, 1000, 0);
    expect(texts(w)).toEqual(serverLines(server));
    // The failures' own backoff (0.5, 1, 2, 2 s), then the live cadence from the first success on.
    expect(readAt.slice(0, 7)).toEqual([0, 500, 1500, 3500, 5500, 7100, 8700]);
    // Every line that was there 2 s before the step ended was printed while it ran.
    const whileRunning = w.printed.filter((entry) => entry.at < 13_000).map((entry) => entry.line);
    expect(whileRunning).toEqual(['line 0', ...lines.slice(0, 11).map((line) => line.trim())]);
  });

  it('waits as long as the server asks after a failed read (Retry-After), then reads at the live pace', async () => {
    const server = new LogServer();
    const { w, readAt } = watchReads(server);
    server.append('one\n');
    server.faults.push({ kind: 'refused', status: 429, retryAfterMs: 7000 }, { kind: 'refused' });
    await grow(w, ['two\n', 'three\n'], 5000);
    expect(texts(w)).toEqual(['one', 'two', 'three']);
    // 7 s as asked; the second failure in a row waits 1 s; then the live cadence.
    expect(readAt.slice(0, 4)).toEqual([0, 7000, 8000, 9600]);
  });

  it('asks a log that is refused for good no more often than a quiet one', async () => {
    const server = new LogServer();
    const w = watch(server);
    server.faultFor = () => ({ kind: 'refused', status: 403 });
    w.tailer.start();
    await new Promise((resolve) => w.time.at(60_000, () => void w.tailer.stop().then(resolve)));
    // 0, 2.4, 6, 11.4, 19.5, then every 10 s: as a log that does not grow.
    expect(server.reads.length).toBeLessThanOrEqual(10);
  });

  it('gives up the rest after a few failed reads once the step has ended, and says so', async () => {
    const server = new LogServer();
    const w = watch(server);
    server.append('one\n');
    server.faults.push(...Array.from({ length: 10 }, (): LogFault => ({ kind: 'refused' })));
    const tail = await new Promise<Awaited<ReturnType<StepLogTailer['finish']>>>((resolve) =>
      w.time.at(0, () => void w.tailer.finish().then(resolve)),
    );
    expect(tail.lines).toEqual([]);
    expect(w.notes).toEqual([
      expect.stringMatching(/^The rest of the log of step 2 could not be read \(.*503/),
    ]);
  });

  it('does not print the line begun as if it were whole when it gives up', async () => {
    const server = new LogServer();
    const w = watch(server);
    server.append('one\ntwo, cut €');
    server.faults.push(
      { kind: 'dropped', afterBytes: 13 },
      ...Array.from({ length: 10 }, (): LogFault => ({ kind: 'refused' })),
    );
    await new Promise((resolve) => w.time.at(0, () => void w.tailer.finish().then(resolve)));
    expect(texts(w)).toEqual(['one']);
    // The read cut after 13 bytes does not count among the five that may fail.
    expect(server.reads).toEqual([0, 13, 13, 13, 13, 13]);
  });

  it('stops asking a server that keeps no log while the step runs, and reads it at the end', async () => {
    const server = new LogServer();
    server.hidden = true;
    const w = watch(server);
    w.tailer.start();
    w.time.at(1000, () => server.append('one\ntwo\n'));
    w.time.at(30_000, () => (server.hidden = false));
    await new Promise((resolve) => w.time.at(30_000, () => void w.tailer.finish().then(resolve)));
    expect(texts(w)).toEqual(['one', 'two']);
    expect(server.reads).toHaveLength(2);
    expect(w.notes).toEqual([
      'The log of step 2 is not available while it runs; it is printed when it ends.',
    ]);
  });

  it('reads nothing more once cancelled, and prints the line it holds when stopped', async () => {
    const w = watch();
    w.tailer.start();
    w.time.at(1000, () => w.server.append('one\ntwo'));
    w.time.at(5000, () => w.cancel.abort(new Error('cancelled')));
    w.time.at(6000, () => w.server.append('\nthree\n'));
    const tail = await new Promise<Awaited<ReturnType<StepLogTailer['stop']>>>((resolve) =>
      w.time.at(9000, () => void w.tailer.stop().then(resolve)),
    );
    const readsAtCancel = w.server.reads.length;
    expect(texts(w)).toEqual(['one', 'two']);
    expect(tail.lines).toEqual(['one', 'two']);
    expect(w.server.reads.length).toBe(readsAtCancel);
    expect(w.server.reads.every((offset) => offset <= 7)).toBe(true);
  });

  it('prints the line it holds when stopped without a character a cut read only began', async () => {
    const w = watch();
    const line = 'Checked 12 files ✓ · café';
    w.server.append(`one\n${line}\n`);
    // The read is cut one byte into the three bytes of ✓, and the reads after it are refused until
    // following stops.
    w.server.faults.push({ kind: 'dropped', afterBytes: 4 + Buffer.byteLength('Checked 12 files ') + 1 });
    for (let refused = 0; refused < 20; refused += 1) w.server.faults.push({ kind: 'refused', status: 503 });
    w.tailer.start();
    const tail = await new Promise<Awaited<ReturnType<StepLogTailer['stop']>>>((resolve) =>
      w.time.at(5000, () => void w.tailer.stop().then(resolve)),
    );
    expect(texts(w)).toEqual(['one', 'Checked 12 files ']);
    expect(tail.lines).toEqual(['one', 'Checked 12 files ']);
  });

  it('takes no more of a log while the lines it printed have not gone out (memory stays flat)', async () => {
    const server = new LogServer();
    server.chunkBytes = 10;
    let release: () => void = () => undefined;
    let waits = 0;
    const w = watch(server, {
      drained: () => {
        waits += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    server.append(Array.from({ length: 50 }, (_, index) => `line ${index}`).join('\n') + '\n');
    let finished = false;
    const done = w.tailer.finish().finally(() => (finished = true));
    await settle();
    // One chunk printed, then the reader waits for stdout before it pulls the next one off the socket.
    expect(server.sentBytes).toBeLessThanOrEqual(2 * server.chunkBytes);
    expect(waits).toBe(1);
    const printedBefore = w.printed.length;
    for (let round = 0; round < 200 && !finished; round += 1) {
      release();
      await settle();
    }
    await done;
    expect(printedBefore).toBeLessThan(5);
    expect(texts(w)).toEqual(serverLines(server));
  });

  it('does not wait for the log to drain once cancelled', async () => {
    const server = new LogServer();
    server.chunkBytes = 4;
    const w = watch(server, { drained: () => new Promise<void>(() => undefined) });
    server.append('one\ntwo\nthree\nfour\n');
    w.tailer.start();
    await settle();
    w.cancel.abort(new Error('cancelled'));
    const tail = await w.tailer.stop();
    expect(texts(w)).toEqual(['one']);
    expect(tail.lines).toEqual(['one']);
    expect(server.sentBytes).toBeLessThan(server.length);
  });

  it('hands every read the flow’s cancel signal and deadline, and retries nothing itself', async () => {
    const calls: unknown[] = [];
    const server = new LogServer();
    const w = watch(server, {
      deadline: 123,
      read: (from, call) => {
        calls.push(call);
        return server.read(from, call);
      },
    });
    server.append('a\n');
    await new Promise((resolve) => w.time.at(0, () => void w.tailer.finish().then(resolve)));
    expect(calls).toEqual([{ signal: w.cancel.signal, deadline: 123, retry: { maxAttempts: 1 } }]);
  });
});

/** A small seeded generator, so that a failing case can be run again. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
