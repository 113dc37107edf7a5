// The bundled action brings a run's artifacts back from the emulator, as the runner runs it: byte for byte
// into the workspace, with several targets too, from another allowed origin and through a 302 without the
// token (the emulator's storage origin refuses any request that carries one), and never from an origin
// that is not allowed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listArchive } from '../emulator/artifacts-kit.ts';
import { parseRunnerOutput, runAction } from '../support/action-harness.ts';
import { BUILD, emulatorPerFile, TEST } from './emulator-kit.ts';

const kit = emulatorPerFile(20);
let workspace: string | undefined;
afterEach(() => workspace && rmSync(workspace, { recursive: true, force: true }));

function inWorkspace(): Record<string, string> {
  workspace = mkdtempSync(join(tmpdir(), 'ci-run-workspace-'));
  return { GITHUB_WORKSPACE: workspace };
}

/** The files of the archive the emulator serves for a run's step, by path. */
async function served(runId: string, step: string): Promise<Map<string, Buffer>> {
  const headers = { authorization: 'Bearer demo-token' };
  const steps = (await (
    await fetch(`${kit.emulator.url}/api/v3/runs/${runId}/steps`, { headers })
  ).json()) as Array<{
    step?: string;
    name?: string;
    artifactsUrl: string | null;
  }>;
  const found = steps.find((each) => (each.step ?? each.name) === step)!;
  const response = await fetch(found.artifactsUrl!, { headers });
  const entries = await listArchive(Buffer.from(await response.arrayBuffer()));
  return new Map(
    [...entries].filter(([, entry]) => entry.type === 'File').map(([path, entry]) => [path, entry.body]),
  );
}

function treeOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

describe('artifacts', () => {
  it('brings the store step’s files back byte for byte, lists them, and reads the outputs file', async () => {
    const env = inWorkspace();
    const result = await runAction(
      { ...kit.connection(), 'pipeline-id': BUILD, artifacts: 'store', 'outputs-file': 'outputs.env' },
      { env },
    );
    expect(result.code, result.stdout).toBe(0);
    const root = join(workspace!, 'ci-run-artifacts');
    expect(result.outputs['artifacts-path']).toBe(root);
    const folder = join(root, '5-store');
    const expected = await served(result.outputs.id!, 'store');
    expect(treeOf(folder)).toEqual([...expected.keys()].sort());
    for (const [path, body] of expected)
      expect(readFileSync(join(folder, path)).equals(body), path).toBe(true);
    const [entry] = JSON.parse(result.outputs.artifacts!) as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({
      order: 5,
      step: 'store',
      status: 'stored',
      folder,
      files: expected.size,
      attempt: 1,
    });
    expect(JSON.parse(result.outputs['remote-outputs']!)).toMatchObject({
      VERSION: expect.any(String),
      IMAGE: expect.stringMatching(/^registry\.example\.com\//),
    });
    expect(result.stdout).toContain('Artifacts of step 5 "store":');
    expect(result.summary).toContain('<h3>Artifacts</h3>');
    expect(readdirSync(root).filter((name) => name.startsWith('.ci-run-partial-'))).toEqual([]);
    expect(result.state.artifactsRoot).toBe(root);
  });

  it('puts each target’s artifacts under its name', async () => {
    const env = inWorkspace();
    const result = await runAction(
      { ...kit.connection(), 'pipeline-id': `${BUILD}\n${TEST}`, artifacts: 'all' },
      { env },
    );
    expect(result.code, result.stdout).toBe(0);
    const entries = JSON.parse(result.outputs.artifacts!) as Array<{
      target: string;
      status: string;
      folder?: string;
    }>;
    const stored = entries.filter((entry) => entry.status === 'stored');
    expect(new Set(stored.map((entry) => entry.target)).size).toBe(2);
    for (const entry of stored) {
      expect(entry.folder!.startsWith(join(workspace!, 'ci-run-artifacts', entry.target))).toBe(true);
      expect(treeOf(entry.folder!).length).toBeGreaterThan(0);
    }
  });

  it('follows a 302 to the storage origin listed in log-origins, without the token', async () => {
    kit.emulator.control.setQuirks({ artifactsRedirect: true });
    const env = inWorkspace();
    const result = await runAction(
      {
        ...kit.connection(),
        'pipeline-id': BUILD,
        artifacts: 'store',
        'log-origins': kit.emulator.storageUrl,
      },
      { env },
    );
    expect(result.code, result.stdout).toBe(0);
    const [entry] = JSON.parse(result.outputs.artifacts!) as Array<{ status: string; folder: string }>;
    expect(entry!.status).toBe('stored');
    expect(treeOf(entry!.folder)).toContain('dist/app.js');
    const storage = kit.emulator.control.requests().filter((each) => each.path.startsWith('/storage/'));
    expect(storage.length).toBeGreaterThan(0);
    expect(storage.every((each) => !(each as { hasAuthorization?: boolean }).hasAuthorization)).toBe(true);
  });

  it('refuses an origin that is not allowed, says which origin only, and passes', async () => {
    kit.emulator.control.setQuirks({ artifactsOtherOrigin: true });
    const env = inWorkspace();
    const result = await runAction(
      { ...kit.connection(), 'pipeline-id': BUILD, artifacts: 'store' },
      { env },
    );
    expect(result.code, result.stdout).toBe(0);
    const [entry] = JSON.parse(result.outputs.artifacts!) as Array<{ status: string }>;
    expect(entry!.status).toBe('not-allowed');
    const warnings = parseRunnerOutput(result.stdout).warnings.map((warning) => warning.message);
    expect(warnings.some((message) => message.includes(new URL(kit.emulator.storageUrl).origin))).toBe(true);
    expect(result.stdout).not.toMatch(/signature=/);
    expect(kit.emulator.control.requests().some((each) => each.path.startsWith('/storage/'))).toBe(false);
  });

  it('refuses an artifacts-path through a link before anything is sent', async () => {
    const env = inWorkspace();
    const result = await runAction(
      { ...kit.connection(), 'pipeline-id': BUILD, artifacts: 'store', 'artifacts-path': '/etc/ci-run' },
      { env },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/artifacts-path/);
    expect(kit.posts()).toHaveLength(0);
  });
});
