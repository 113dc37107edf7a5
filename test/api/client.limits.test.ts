// Bounds on what the client takes in, over real HTTP: JSON bodies are capped, and a server error
// message is redacted before it is shortened.

import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.ts';
import { ContractError, TriggerOutcomeUnknownError, type ApiError } from '../../src/api/errors.ts';
import { readAll, recordingSleep, sendJson, startStub, TOKEN, type StubServer } from './helpers.ts';

const MIB = 1024 * 1024;
// No API v3 answer comes near it: lists are paged, and 10,000 steps are under 4 MiB.
const CAP = 8 * MIB;

type Handler = (response: ServerResponse) => void | Promise<void>;

let stub: StubServer;
let client: ApiClient;
let handler: Handler = (response) => sendJson(response, 404, {});

beforeAll(async () => {
  stub = await startStub((_request, response) => handler(response));
  client = new ApiClient({ baseUrl: stub.url, token: TOKEN, sleep: recordingSleep().sleep });
});

afterEach(() => {
  stub.seen.length = 0;
});

afterAll(async () => {
  await client.close();
  await stub.close();
});

const SHELL = JSON.stringify({
  id: 'r1',
  url: 'https://ci.example.test/api/v3/runs/r1',
  status: 'finished',
  message: '',
});

/** A run whose body is exactly `bytes` long, padded in its message. */
function runBodyOf(bytes: number): string {
  return SHELL.replace('"message":""', `"message":"${'x'.repeat(bytes - SHELL.length)}"`);
}

/** Writes JSON-looking bytes in 1 MiB chunks, minding backpressure, until `limit` or a closed socket. */
function endlessBody(limit: number) {
  const state = { written: 0, closed: undefined as Promise<void> | undefined };
  const serve: Handler = async (response) => {
    state.closed = new Promise((resolve) => response.on('close', () => resolve()));
    response.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.from(`[${'"x",'.repeat(MIB / 4 - 1)}`.padEnd(MIB, ' '));
    while (state.written < limit && !response.destroyed) {
      state.written += chunk.length;
      if (!response.write(chunk)) {
        await new Promise<void>((resolve) => {
          response.once('drain', resolve);
          response.once('close', resolve);
        });
      }
    }
    response.end();
  };
  return { state, serve };
}

describe('JSON bodies', () => {
  it('reads a body of exactly 8 MiB', async () => {
    const body = runBodyOf(CAP);
    expect(Buffer.byteLength(body)).toBe(CAP);
    handler = (response) => sendJson(response, 200, body);
    const run = await client.getRun('r1');
    // Read whole; the copy kept for people is cut at 4 KiB, with the whole text's length kept beside it.
    expect(run.whole?.message?.bytes).toBe(CAP - SHELL.length);
    expect(run.message!.length).toBeLessThanOrEqual(4096);
  });

  it('refuses a larger one with a ContractError naming the endpoint, without reading it all', async () => {
    const { state, serve } = endlessBody(64 * MIB);
    handler = serve;
    const err = await client.getRun('r1').catch((error: unknown) => error);
    expect(err).toBeInstanceOf(ContractError);
    expect(err).toMatchObject({ endpoint: 'GET /runs/:runId', field: '(body)' });
    expect((err as Error).message).toMatch(/GET \/runs\/:runId: the body is larger than 8 MiB/);
    await state.closed;
    // The connection was dropped once the cap was passed, long before the 64 MiB on offer.
    expect(state.written).toBeLessThan(40 * MIB);
    expect(stub.seen).toHaveLength(1);
  });

  it('refuses a body of 12 MiB, which no answer of the API needs', async () => {
    handler = (response) => sendJson(response, 200, runBodyOf(12 * MIB));
    await expect(client.getRun('r1')).rejects.toMatchObject({
      name: 'ContractError',
      message: expect.stringMatching(/larger than 8 MiB/),
    });
  });

  it('leaves step logs out of the cap: a log of 12 MiB streams whole', async () => {
    const line = `${'x'.repeat(1023)}\n`;
    handler = (response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(line.repeat(12 * 1024));
    };
    const log = await readAll(await client.openStepLog(`${stub.url}/api/v3/runsteps/s1/log`));
    expect(log).toHaveLength(12 * MIB);
    const read = await client.readStepLog(`${stub.url}/api/v3/runsteps/s1/log`, 0);
    expect(read.kind).toBe('whole');
    if (read.kind === 'whole') expect(await readAll(read.body)).toHaveLength(12 * MIB);
  });

  it('refuses a body whose Content-Length is over the cap before any of it arrives', async () => {
    let closed: Promise<void> | undefined;
    handler = (response) => {
      closed = new Promise((resolve) => response.on('close', () => resolve()));
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(CAP + 1) });
      // The body never comes: a client that waited for it would hang.
      response.write('[');
    };
    await expect(client.listRuns({ pipelineId: 'p' })).rejects.toMatchObject({
      name: 'ContractError',
      endpoint: 'GET /runs',
      message: expect.stringMatching(/larger than 8 MiB/),
    });
    await closed;
  });

  it('makes an oversized trigger answer an unknown outcome, not a second trigger', async () => {
    handler = endlessBody(64 * MIB).serve;
    const err = await client.triggerRun({ pipelineId: 'p' }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({ taken: true });
    expect((err as Error).message).toMatch(/larger than 8 MiB.*look for it/);
    expect(stub.seen).toHaveLength(1);
  });

  it('takes a trigger whose 200 answer is cut off for a taken trigger, not sent again', async () => {
    handler = (response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      response.write('{"id":"r1",');
      setTimeout(() => response.destroy(), 20);
    };
    const err = await client.triggerRun({ pipelineId: 'p' }).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(TriggerOutcomeUnknownError);
    expect(err).toMatchObject({ taken: true, retryable: false });
    expect((err as Error).message).toMatch(/the server took the trigger, so the run exists/);
    expect(stub.seen).toHaveLength(1);
  });
});

describe('server error messages', () => {
  const secret = 'tok_Zq8xR2mN5vK1pL7wT3yH9cB4dF6gJ0sA';
  // Messages are shortened to 499 characters and an ellipsis.
  const kept = 499;

  /** Every 8-character piece of the token found in the error's message or server message. */
  function leaks(err: ApiError): string[] {
    const found: string[] = [];
    for (let at = 0; at + 8 <= secret.length; at++) {
      const window = secret.slice(at, at + 8);
      if (`${err.message}\n${err.serverMessage ?? ''}`.includes(window)) found.push(window);
    }
    return found;
  }

  async function errorFor(status: number, body: string, type: string): Promise<ApiError> {
    const holder = new ApiClient({ baseUrl: stub.url, token: secret, sleep: recordingSleep().sleep });
    handler = (response) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    try {
      return (await holder.getRun('r1').catch((error: unknown) => error)) as ApiError;
    } finally {
      await holder.close();
    }
  }

  it('masks a token that straddles the cut, at every offset', async () => {
    for (let before = kept - secret.length + 1; before < kept; before++) {
      const message = `${'x'.repeat(before)}${secret} and more`;
      const json = await errorFor(400, JSON.stringify({ statusCode: 400, message }), 'application/json');
      expect(json.serverMessage).toMatch(/^x+\*/);
      expect(leaks(json)).toEqual([]);
      const text = await errorFor(400, message, 'text/plain');
      expect(leaks(text)).toEqual([]);
    }
  });

  it('masks a token cut off by the end of the part of the body that is read', async () => {
    // Whitespace collapses, so the end of the 64 KiB read would fall inside the message.
    const body = `failed:${' '.repeat(64 * 1024 - 20)}${secret}`;
    const err = await errorFor(400, body, 'text/plain');
    expect(err.serverMessage).toBe('failed:');
    expect(leaks(err)).toEqual([]);
  });
});
