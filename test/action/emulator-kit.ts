// What the action's end-to-end files share: the bundle, one emulator per file at a given speed, reset
// before each test, and the inputs that connect the action to it.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { ensureBundle } from '../support/bundle.ts';

/** Fixed pipeline ids of the default world. */
export const BUILD = '620000000000000000000001';
export const TEST = '620000000000000000000003';

export interface FileEmulator {
  /** The file's emulator (started in beforeAll). */
  readonly emulator: Emulator;
  /** base-url, token, and a fixed 1 s poll. */
  connection(): Record<string, string>;
  posts(): ReturnType<Emulator['control']['requests']>;
  aborts(): ReturnType<Emulator['control']['requests']>;
}

export function emulatorPerFile(speed: number): FileEmulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    await ensureBundle();
    emulator = await startEmulator({ speed });
  }, 120_000);
  afterAll(async () => emulator?.close());
  beforeEach(() => {
    emulator!.control.reset();
    emulator!.control.setSpeed(speed);
  });
  const kit: FileEmulator = {
    get emulator() {
      if (!emulator) throw new Error('the emulator starts in beforeAll');
      return emulator;
    },
    // A fixed 1 s poll keeps these tests quick: at a raised speed the emulator's history of earlier runs
    // is in world time, which would make the auto policy wait for a world-time finish.
    connection: () => ({ 'base-url': kit.emulator.url, token: 'demo-token', 'poll-interval': '1s' }),
    posts: () => kit.emulator.control.requests().filter((entry) => entry.method === 'POST'),
    aborts: () => kit.emulator.control.requests().filter((entry) => entry.path.endsWith('/abort')),
  };
  return kit;
}
