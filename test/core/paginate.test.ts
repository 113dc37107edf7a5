// paginate over real HTTP: a scripted server answers the list endpoints, and the requests it saw
// show which pages were asked for.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { paginate } from '../../src/core/paginate.ts';
import type { Pipeline, Run } from '../../src/api/types.ts';
import { recordingSleep, sendJson, startStub, TOKEN, type StubServer } from '../api/helpers.ts';

/** The client's page size (ApiClient.pageSize). */
const PAGE_SIZE = new ApiClient({ baseUrl: 'https://ci.test' }).pageSize;

const PIPELINES_PATH = '/api/v3/applications/acme/webapp/pipelines';

/** How the scripted server answers: how many items exist, and whether it ignores `skip`. */
const world = { total: 0, ignoreSkip: false, overlap: 0 };

let stub: StubServer;
let client: ApiClient;

function run(index: number) {
  return {
    id: `r${index}`,
    url: `https://ci.example.test/api/v3/runs/r${index}`,
    status: 'finished',
    result: 'passed',
  };
}

function pipeline(index: number) {
  return { id: `p${index}`, name: `pipeline ${index}` };
}

function answer(limit: number, skip: number): number[] {
  // `overlap` makes each page start a little before the requested skip, as a list that grew would.
  const from = world.ignoreSkip ? 0 : Math.max(0, skip - world.overlap);
  const to = Math.min(world.total, from + limit);
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** `skip` of each list request the server saw, in order. */
function skips(): number[] {
  return stub.seen.map((request) => Number(new URL(request.url, stub.url).searchParams.get('skip')));
}

beforeAll(async () => {
  stub = await startStub((request, response) => {
    const url = new URL(request.url, 'http://stub');
    const indexes = answer(Number(url.searchParams.get('limit')), Number(url.searchParams.get('skip')));
    if (url.pathname === '/api/v3/runs') return sendJson(response, 200, indexes.map(run));
    if (url.pathname === PIPELINES_PATH) return sendJson(response, 200, indexes.map(pipeline));
    sendJson(response, 404, { statusCode: 404, error: 'Not Found', message: 'no route' });
  });
  client = new ApiClient({ baseUrl: stub.url, token: TOKEN, sleep: recordingSleep().sleep });
});

afterEach(() => {
  stub.seen.length = 0;
  Object.assign(world, { total: 0, ignoreSkip: false, overlap: 0 });
});

afterAll(async () => {
  await client.close();
  await stub.close();
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

interface Options<T> {
  key?: (item: T) => string;
  maxPages?: number;
}

const runs = (options?: Options<Run>) =>
  paginate((page) => client.listRuns({ applicationId: 'a1', ...page }), PAGE_SIZE, options);

const pipelines = (options?: Options<Pipeline>) =>
  paginate((page) => client.listPipelines('acme', 'webapp', page), PAGE_SIZE, options);

describe('paginate', () => {
  it('asks for pages of PAGE_SIZE until a short page', async () => {
    world.total = 45;
    const all = await collect(runs());
    expect(all.map((item) => item.id)).toEqual(Array.from({ length: 45 }, (_, i) => `r${i}`));
    expect(skips()).toEqual([0, 20, 40]);
    expect(stub.seen.every((request) => request.url.includes(`limit=${PAGE_SIZE}`))).toBe(true);
  });

  it('stops at an empty page when the total is a multiple of the page size', async () => {
    world.total = 40;
    expect(await collect(runs())).toHaveLength(40);
    expect(skips()).toEqual([0, 20, 40]);
  });

  it('asks for one page of an empty list', async () => {
    expect(await collect(runs())).toEqual([]);
    expect(skips()).toEqual([0]);
  });

  it('asks for no further page once the caller has what it needs', async () => {
    world.total = 100;
    for await (const item of runs()) {
      if (item.id === 'r5') break;
    }
    expect(skips()).toEqual([0]);
  });

  it('stops after maxPages', async () => {
    world.total = 100;
    expect(await collect(runs({ maxPages: 2 }))).toHaveLength(40);
    expect(skips()).toEqual([0, 20]);
  });

  it('stops on a page with nothing new from a server that ignores skip', async () => {
    world.total = 30;
    world.ignoreSkip = true;
    const all = await collect(pipelines({ key: (item) => item.id }));
    expect(all.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`));
    expect(skips()).toEqual([0, 20]);
  });

  it('without a key, hands out the repeats until maxPages', async () => {
    world.total = 30;
    world.ignoreSkip = true;
    expect(await collect(pipelines({ maxPages: 3 }))).toHaveLength(60);
    expect(skips()).toEqual([0, 20, 40]);
  });

  it('drops items seen on an earlier page and goes on while pages bring something new', async () => {
    world.total = 50;
    world.overlap = 5;
    const all = await collect(pipelines({ key: (item) => item.id }));
    expect(all.map((item) => item.id)).toEqual(Array.from({ length: 50 }, (_, i) => `p${i}`));
    expect(skips()).toEqual([0, 20, 40]);
  });

  it('refuses a maxPages that is not a positive integer', async () => {
    await expect(runs({ maxPages: 0 }).next()).rejects.toThrow(/maxPages/);
    await expect(runs({ maxPages: 1.5 }).next()).rejects.toThrow(/maxPages/);
    expect(stub.seen).toHaveLength(0);
  });
});
