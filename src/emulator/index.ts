// The CI Service API v3 emulator: a living, deterministic stand-in for a real server.
import { buildStorageServer } from './artifacts/storage-server.ts';
import { buildServer } from './server.ts';
import { checkControlToken, newControlToken } from './control-token.ts';
import { createControl } from './emulator-control.ts';
import { defaultWorld } from './default-world.ts';
import { EmulatorState } from './state.ts';
import { initialQuirks } from './quirk-settings.ts';
import type { Emulator, QuirkSettings } from './types.ts';
import { parseWorldFile, type WorldFile } from './world-file.ts';

export type { Emulator, EmulatorControl, EmulatorRunView, RequestLogEntry } from './types.ts';
export type { WorldFile, WorldHistoryEntry, WorldPipeline } from './world-file.ts';
export { parseWorldFile } from './world-file.ts';
export { defaultWorld } from './default-world.ts';
export { FAILURE_LINE, INJECTED_LINES } from './logs.ts';

export interface StartOptions {
  /** Default 0: a random free port. */
  port?: number;
  /**
   * The address to listen on; default '127.0.0.1'. Requests are answered only when their Host header
   * names a loopback address or localhost, or this host when it is given.
   */
  host?: string;
  /** More Host names to answer, e.g. the name a test's proxy forwards with. */
  allowedHosts?: string[];
  /** What the control API (/_emulator/) requires; default: a random token, returned as `controlToken`. */
  controlToken?: string;
  /** Default: the default world. */
  world?: WorldFile;
  /** World-time multiplier; default 1; 0 freezes the clock (then only control.advance moves it). */
  speed?: number;
  /** All off, and the `spec` shape, by default. */
  quirks?: QuirkSettings;
  /** How many runs the world keeps; past it, the oldest finished runs are forgotten. Default 1,000. */
  maxRuns?: number;
  /** Likewise for builds, and for deploys. Default 1,000. */
  maxBuilds?: number;
  /** How many requests the request log keeps, the latest; default 10,000. */
  maxRequests?: number;
  /** The storage origin's port (artifacts on another origin); default 0: a random free port. */
  storagePort?: number;
  /** Fastify logging; default false. */
  logger?: boolean;
}

export async function startEmulator(opts: StartOptions = {}): Promise<Emulator> {
  const world = parseWorldFile(structuredClone(opts.world ?? defaultWorld));
  const state = new EmulatorState({
    world,
    speed: opts.speed ?? 1,
    quirks: initialQuirks(opts.quirks),
    ...(opts.maxRequests !== undefined ? { maxRequests: opts.maxRequests } : {}),
    limits: {
      ...(opts.maxRuns !== undefined ? { maxRuns: opts.maxRuns } : {}),
      ...(opts.maxBuilds !== undefined ? { maxBuilds: opts.maxBuilds } : {}),
    },
  });
  const hosts = [...(opts.host !== undefined ? [opts.host] : []), ...(opts.allowedHosts ?? [])];
  const controlToken =
    opts.controlToken !== undefined ? checkControlToken(opts.controlToken) : newControlToken();
  const server = buildServer(state, { logger: opts.logger ?? false, hosts, controlToken });
  const storage = buildStorageServer(state, hosts);
  const host = opts.host ?? '127.0.0.1';
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const portOf = (listening: typeof server) => {
    const address = listening.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  await server.listen({ port: opts.port ?? 0, host });
  try {
    await storage.listen({ port: opts.storagePort ?? 0, host });
  } catch (error) {
    await server.close();
    throw error;
  }
  state.artifacts.storageBase = `http://${shownHost}:${portOf(storage)}`;
  return {
    url: `http://${shownHost}:${portOf(server) || (opts.port ?? 0)}`,
    storageUrl: state.artifacts.storageBase,
    controlToken,
    close: async () => {
      await Promise.all([server.close(), storage.close()]);
      await state.artifacts.close();
    },
    control: createControl(state),
  };
}
