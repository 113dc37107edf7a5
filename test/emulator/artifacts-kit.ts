// Reading the emulator's archives in tests: fetch one over HTTP, gunzip it and list it with `tar`.
import { gunzipSync } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import type { Emulator } from '../../src/emulator/index.ts';
import { DEMO, env, get, triggerRun, type Json } from './helpers.ts';

export interface Entry {
  type: string;
  mode: number;
  body: Buffer;
}

/** Every entry of a .tar.gz by path, read with `tar` after node's own gunzip. */
export async function listArchive(gzipped: Buffer): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () =>
        entries.set(entry.path, { type: entry.type, mode: entry.mode ?? 0, body: Buffer.concat(chunks) }),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('error', reject);
    parser.on('end', resolve);
    parser.end(gunzipSync(gzipped));
  });
  return entries;
}

/** Triggers a run of `pipelineId` with EMULATOR_* `vars`, lets it finish, and returns its steps by name. */
export async function finishedRun(
  emu: Emulator,
  pipelineId: string,
  vars: Record<string, string> = {},
): Promise<Record<string, Json>> {
  const { id } = await triggerRun(emu, { pipelineId, envVars: env(vars) });
  emu.control.advance(60_000);
  const steps: Json[] = (await get(emu, `/runs/${id}/steps`, DEMO)).body;
  return Object.fromEntries(steps.map((step) => [step.step, step]));
}

export async function fetchBytes(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
