// The progress line of archives being read: at most once a second, only for reads of a second or more,
// and through the sink, for a slow archive on virtual time; nothing where no place for the line is given.
import { afterEach, describe, expect, it } from 'vitest';
import type { Step } from '../../../src/api/types.ts';
import { openArtifactFiles } from '../../../src/artifacts/files.ts';
import type { ArtifactSettings } from '../../../src/core/settings/artifacts.ts';
import { createArtifactsSink } from '../../../src/core/sinks/artifacts-sink.ts';
import { DownloadProgress } from '../../../src/core/sinks/download-progress.ts';
import type { TargetFacts } from '../../../src/core/flow/events.ts';
import { makeSandbox, type Sandbox } from '../../artifacts/sandbox.ts';
import { tarGz } from '../../artifacts/tar-builder.ts';
import { FakeApi } from '../flow/fake-api.ts';
import { VirtualTime } from '../flow/virtual-time.ts';

const MiB = 1024 * 1024;

/** A progress line on a clock moved by hand; each line said, and `(cleared)` when it is taken away. */
function watch() {
  let now = 0;
  const lines: string[] = [];
  const progress = new DownloadProgress({ now: () => now }, (line) => lines.push(line ?? '(cleared)'));
  return { progress, lines, wait: (ms: number) => void (now += ms) };
}

describe('DownloadProgress', () => {
  it('names the reads of a second or more, at most once a second, with their share once known', () => {
    const { progress, lines, wait } = watch();
    const store = progress.begin('step 3 "store"');
    store.length(200 * MiB);
    wait(500);
    store.got(10 * MiB);
    expect(lines).toEqual([]);
    wait(500);
    store.got(10 * MiB);
    const docs = progress.begin('step 4 "docs"');
    docs.got(MiB);
    wait(400);
    store.got(10 * MiB);
    wait(700);
    docs.got(MiB);
    // A read that is over is never left on the line: drawn again without it at once.
    store.end();
    wait(1000);
    docs.got(MiB);
    docs.end();
    expect(lines).toEqual([
      'Reading artifacts: step 3 "store" 20.0 MB of 200.0 MB (10%)',
      'Reading artifacts: step 3 "store" 30.0 MB of 200.0 MB (15%) · step 4 "docs" 2.0 MB',
      'Reading artifacts: step 4 "docs" 2.0 MB',
      'Reading artifacts: step 4 "docs" 3.0 MB',
      '(cleared)',
    ]);
  });

  it('says nothing of a read under a second, counted from its first answer, not from a wait before it', () => {
    const { progress, lines, wait } = watch();
    const tiny = progress.begin('step 1 "tiny"');
    tiny.got(100);
    wait(999);
    tiny.got(100);
    tiny.end();
    // An archive not there yet is waited for 5 s: its read begins with its first answer.
    const late = progress.begin('step 2 "late"');
    wait(5000);
    late.length(100);
    late.got(50);
    wait(900);
    late.got(50);
    late.end();
    expect(lines).toEqual([]);
  });

  it('shows a step name from the server as one inert line', () => {
    const { progress, lines, wait } = watch();
    const read = progress.begin('step 1 "a\u001b[2J\nb ##[error]x"');
    read.got(1);
    wait(1000);
    read.got(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\u001b');
    expect(lines[0]).not.toContain('\n');
  });
});

describe('the artifacts sink with a place for the progress line', () => {
  let sandbox: Sandbox | undefined;
  afterEach(() => sandbox?.remove());

  async function readSlowly(progress?: (line: string | undefined) => void) {
    sandbox = makeSandbox();
    const settings: ArtifactSettings = {
      steps: 'all',
      path: 'artifacts',
      maxBytes: 1024 * MiB,
      maxTotalBytes: Number.MAX_SAFE_INTEGER,
      extract: true,
      ifNone: 'warn',
      testReports: [],
    };
    const opened = await openArtifactFiles(settings, {
      workspace: sandbox.base,
      runnerTemp: undefined,
      cwd: sandbox.base,
    });
    if ('problem' in opened) throw new Error(opened.problem);
    const time = new VirtualTime();
    const api = new FakeApi(time);
    const archive = tarGz([{ name: 'big.bin', body: 'x'.repeat(400_000) }]);
    const url = 'https://ci.test/api/v3/runsteps/s1/artifacts';
    api.artifacts.set(url, { bytes: archive, validator: { etag: '"v1"' } });
    // Ten chunks, 300 ms apart: a read of three seconds.
    api.artifactBody = (bytes) =>
      (async function* () {
        const size = Math.ceil(bytes.length / 10);
        for (let at = 0; at < bytes.length; at += size) {
          await time.sleep(300);
          yield bytes.slice(at, at + size);
        }
      })();
    const facts: TargetFacts = { tails: new Map() };
    const lines: string[] = [];
    const sink = createArtifactsSink({
      settings,
      client: api,
      files: opened.files,
      log: {
        info: (line) => void lines.push(line),
        debug: () => undefined,
        warning: (message) => void lines.push(`warning: ${message}`),
        error: (message) => void lines.push(`error: ${message}`),
        remote: () => undefined,
        startGroup: () => undefined,
        endGroup: () => undefined,
        progress: (line) => void lines.push(line),
      },
      clock: time.clock,
      sleep: time.sleep,
      facts,
      cancel: new AbortController().signal,
      ...(progress ? { progress } : {}),
    });
    const step: Step = {
      id: 's1',
      order: 3,
      name: 'store',
      status: 'finished',
      result: 'passed',
      artifactsUrl: url,
    };
    await sink.stepFinished?.(step, [step], true, undefined);
    await sink.settling?.({ steps: [step] });
    return { facts, lines };
  }

  it('says how far a slow archive has come, then stores it as without', async () => {
    const said: string[] = [];
    const { facts } = await readSlowly((line) => said.push(line ?? '(cleared)'));
    // Taken away once the read is over.
    expect(said.pop()).toBe('(cleared)');
    expect(facts.artifacts?.entries.map((entry) => entry.status)).toEqual(['stored']);
    // Once a second at most is the line's own rule (above); here, virtual time also moves with the read's
    // own watch on its pace, so only the lines' form and their growth are asserted.
    expect(said.length).toBeGreaterThanOrEqual(1);
    expect(said.length).toBeLessThanOrEqual(10);
    const shares = said.map((line) => {
      const match = /^Reading artifacts: step 3 "store" [\d.]+ (?:B|KB) of [\d.]+ (?:B|KB) \((\d+)%\)$/.exec(
        line,
      );
      expect(match, line).not.toBeNull();
      return Number(match![1]);
    });
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
    expect(shares.at(-1)).toBeLessThanOrEqual(100);
  });

  it('says nothing where no place is given (the action)', async () => {
    const { facts, lines } = await readSlowly();
    expect(facts.artifacts?.entries.map((entry) => entry.status)).toEqual(['stored']);
    expect(lines.filter((line) => line.startsWith('Reading artifacts'))).toEqual([]);
  });
});
