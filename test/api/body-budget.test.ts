// One memory budget for the JSON bodies being read at once, across calls and clients: a body that would
// take it over waits for room; the body opened first never waits, so bodies cannot wait on each other
// for ever; a wait ends with the attempt's signal, classified like any abort.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyBudget, processBodyBudget } from '../../src/api/body-budget.ts';
import { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { recordingSleep, startStub, TOKEN, type StubServer } from './helpers.ts';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Resolves once `condition` holds, checking on every turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('a body budget', () => {
  it('lets a body that would go over it wait until another gives its bytes back', async () => {
    const budget = new BodyBudget(100);
    const first = budget.open();
    const second = budget.open();
    await first.take(80);
    let taken = false;
    const waiting = second.take(40).then(() => void (taken = true));
    await until(() => budget.waiting === 1);
    expect(taken).toBe(false);
    expect(budget.used).toBe(80);
    first.release();
    await waiting;
    expect(budget.used).toBe(40);
    second.release();
    second.release();
    expect(budget.used).toBe(0);
  });

  it('never makes the body opened first wait, so two bodies cannot wait on each other', async () => {
    const budget = new BodyBudget(100);
    const first = budget.open();
    const second = budget.open();
    await second.take(90);
    await first.take(60);
    expect(budget.used).toBe(150);
    expect(budget.peak).toBe(150);
    first.release();
    // Now the first one still open: it goes on whatever the others hold.
    await second.take(200);
    expect(budget.used).toBe(290);
    second.release();
  });

  it('ends a wait with its signal', async () => {
    const budget = new BodyBudget(10);
    const first = budget.open();
    await first.take(10);
    const second = budget.open();
    const controller = new AbortController();
    const waiting = second.take(5, controller.signal);
    controller.abort(new Error('stop waiting'));
    await expect(waiting).rejects.toThrow('stop waiting');
    expect(budget.waiting).toBe(0);
    second.release();
    first.release();
    expect(budget.used).toBe(0);
  });

  it('is one for the process, 32 MiB, unless a client is given its own', () => {
    expect(processBodyBudget.limit).toBe(32 * MIB);
  });
});

describe('bodies read at once, over HTTP', () => {
  /** Per path: how many bytes of JSON to send, and whether to hold the rest until `release()`. */
  let stub: StubServer;
  const held = new Set<() => void>();

  /**
   * A run whose body is `bytes` long; `hold` sends half of it and the rest when released. The body is
   * padded with whitespace, which a reader holds as it comes (a long text would be cut as it arrives,
   * json-clip.ts, and hold almost nothing).
   */
  function answerRun(response: ServerResponse, bytes: number, hold: boolean): void {
    const shell =
      '{"id":"r1","url":"https://ci.example.test/api/v3/runs/r1","status":"running","message":"m"}';
    const body = `${shell}${' '.repeat(bytes - shell.length)}`;
    response.writeHead(200, { 'content-type': 'application/json' });
    if (!hold) {
      response.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    response.write(body.slice(0, half));
    held.add(() => response.end(body.slice(half)));
  }

  function releaseHeld(): void {
    for (const release of held) release();
    held.clear();
  }

  beforeAll(async () => {
    stub = await startStub((request, response) => {
      const match = /\/runs\/(\w+)-(\d+)$/.exec(request.url);
      answerRun(response, Number(match?.[2] ?? 1000), match?.[1] === 'held');
    });
  });
  afterAll(async () => {
    releaseHeld();
    await stub.close();
  });

  const clientWith = (bodyBudget?: BodyBudget) =>
    new ApiClient({
      baseUrl: stub.url,
      token: TOKEN,
      sleep: recordingSleep().sleep,
      ...(bodyBudget ? { bodyBudget } : {}),
    });

  it('50 bodies of 700 KiB read at once hold at most the budget and one body', async () => {
    const budget = new BodyBudget(2 * MIB);
    const clients = Array.from({ length: 5 }, () => clientWith(budget));
    try {
      const reads = Array.from({ length: 50 }, (_, index) =>
        clients[index % clients.length]!.getRun(`each-${700 * KIB}`),
      );
      const runs = await Promise.all(reads);
      expect(runs.every((run) => run.id === 'r1')).toBe(true);
      expect(budget.peak).toBeGreaterThan(0);
      expect(budget.peak).toBeLessThanOrEqual(2 * MIB + 700 * KIB);
      expect(budget.used).toBe(0);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });

  it('a body that waits for room ends as an abort when the call is cancelled, and frees nothing twice', async () => {
    const budget = new BodyBudget(256 * KIB);
    const client = clientWith(budget);
    try {
      const first = client.getRun(`held-${400 * KIB}`);
      await until(() => budget.used >= 200 * KIB);
      const controller = new AbortController();
      const second = client.getRun(`each-${100 * KIB}`, { signal: controller.signal });
      await until(() => budget.waiting === 1);
      controller.abort();
      const err = await second.catch((error: unknown) => error);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ kind: 'aborted' });
      releaseHeld();
      expect((await first).id).toBe('r1');
      expect(budget.used).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('clients made without a budget share the process’s', async () => {
    const [one, two] = [clientWith(), clientWith()];
    const before = processBodyBudget.used;
    try {
      const reads = [one.getRun(`held-${256 * KIB}`), two.getRun(`held-${256 * KIB}`)];
      await until(() => held.size === 2 && processBodyBudget.used - before >= 2 * 100 * KIB);
      releaseHeld();
      await Promise.all(reads);
      expect(processBodyBudget.used).toBe(before);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
