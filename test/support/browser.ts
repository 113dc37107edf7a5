// A real browser for the page tests and the README's pictures, driven by playwright-core with a fresh
// profile. Debian's chromium when the machine has it (its fonts are the ones in the pictures); otherwise
// the Chromium that ships inside the @sparticuz/chromium package, unpacked once into node_modules/.cache,
// so the browser tests run wherever `npm install && npm test` runs. There is no skip: a browser that
// cannot start fails the tests. CI_RUN_BROWSER=packaged (or =system) picks one whatever the machine has.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { root, underLock } from './build-lock.ts';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** What every launch passes: no first-run work, and nothing that reaches for the network by itself. */
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

/**
 * The packaged build's own flags minus the ones that would change what a page may do (web security,
 * insecure content) and its headless mode (playwright sets that): the tests check the pages' own rules.
 */
const DROPPED_PACKAGE_ARGS = /^--(disable-web-security|allow-running-insecure-content|headless)/;

export interface BrowserSession {
  context: BrowserContext;
  /** Which browser runs: `system` (Debian's) or `packaged` (@sparticuz/chromium). */
  kind: BrowserKind;
  close(): Promise<void>;
}

type BrowserKind = 'system' | 'packaged';

interface Executable {
  kind: BrowserKind;
  path: string;
  args: string[];
}

function chosenKind(): BrowserKind {
  const asked = process.env.CI_RUN_BROWSER;
  if (asked === 'system' || asked === 'packaged') return asked;
  if (asked) throw new Error(`CI_RUN_BROWSER must be "system" or "packaged", not ${JSON.stringify(asked)}`);
  return existsSync(SYSTEM_CHROMIUM) ? 'system' : 'packaged';
}

/**
 * Unpacks the packaged Chromium once per installed version. The package unpacks into the temporary
 * directory it is given through TMPDIR; a marker written after the whole unpack tells a complete copy
 * from one a killed process left half written, and the lock keeps parallel test files from unpacking
 * at once.
 */
async function packagedChromium(): Promise<Executable> {
  const { default: packaged } = await import('@sparticuz/chromium');
  const pkg = JSON.parse(readFileSync(join(root, 'node_modules/@sparticuz/chromium/package.json'), 'utf8'));
  const dir = join(root, 'node_modules/.cache/ci-run-chromium', String(pkg.version));
  const marker = join(dir, '.complete');
  const path = join(dir, 'chromium');
  const args = [...packaged.args.filter((arg) => !DROPPED_PACKAGE_ARGS.test(arg)), ...ARGS];
  if (existsSync(marker)) return { kind: 'packaged', path, args };
  await underLock(join(root, '.tmp', 'chromium.lock'), { staleMs: 120_000, pollMs: 200 }, async () => {
    if (existsSync(marker)) return;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const before = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    try {
      const unpacked = await packaged.executablePath();
      if (unpacked !== path) throw new Error(`@sparticuz/chromium unpacked to ${unpacked}, not ${path}`);
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    writeFileSync(marker, `${pkg.version}\n`);
  });
  return { kind: 'packaged', path, args };
}

async function executable(): Promise<Executable> {
  if (chosenKind() === 'packaged') return packagedChromium();
  if (!existsSync(SYSTEM_CHROMIUM)) {
    throw new Error(`${SYSTEM_CHROMIUM} is missing, and CI_RUN_BROWSER=system asks for it`);
  }
  return { kind: 'system', path: SYSTEM_CHROMIUM, args: ARGS };
}

/** Starts chromium with a new temporary user data dir (removed again by `close`). */
export async function launchBrowser(): Promise<BrowserSession> {
  const { kind, path, args } = await executable();
  const profile = await mkdtemp(join(tmpdir(), 'ci-run-chromium-'));
  try {
    // playwright takes the profile as its own argument and passes it as --user-data-dir.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: path,
      headless: true,
      args,
      viewport: { width: 1200, height: 900 },
    });
    return {
      context,
      kind,
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

/** Unpacks the packaged browser ahead of the tests when it is the one that will run (a no-op otherwise). */
export async function prepareBrowser(): Promise<void> {
  await executable();
}
