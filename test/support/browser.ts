// A real browser for the page tests: Debian's chromium, driven by playwright-core, with a fresh profile.
// There is no fallback and no skip: without /usr/bin/chromium the browser tests fail (`.ci/run` installs it).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts chromium with a new temporary user data dir (removed again by `close`). */
export async function launchBrowser(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: the browser tests need it (apt-get install -y chromium)`);
  }
  const profile = await mkdtemp(join(tmpdir(), 'ci-run-chromium-'));
  try {
    // playwright takes the profile as its own argument and passes it as --user-data-dir.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1200, height: 900 },
    });
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
