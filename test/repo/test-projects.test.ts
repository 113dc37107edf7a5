// The fast project's rule holds: a test in it that starts a process, or a browser, fails with the
// file name that would move it to the slow project (vitest.config.ts, test/support/in-process-only.ts).
import { execFile, spawn, spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';

const SLOW_NAME = /name its file \*\.e2e\.test\.ts \(or \*\.browser\.test\.ts\)/;

describe('an in-process test', () => {
  it('cannot start a process, whichever way it asks', () => {
    expect(() => spawnSync(process.execPath, ['-e', '0'])).toThrow(SLOW_NAME);
    expect(() => spawn(process.execPath, ['-e', '0'])).toThrow(SLOW_NAME);
    expect(() => execFile(process.execPath, ['-e', '0'])).toThrow(SLOW_NAME);
  });

  it('cannot start a browser', async () => {
    await expect(chromium.launch({ executablePath: process.execPath })).rejects.toThrow(SLOW_NAME);
  });
});
