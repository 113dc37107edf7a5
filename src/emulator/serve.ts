// The emulator as a tool runs it, shared by the sub-action (emulator/action.yml) and `ci-run emulator`:
// the options a user gives (port, host, world file, speed, quirks) checked with messages that name them, the world
// loaded and tried before anything listens, and the API token the world's default user holds.
import { readFile } from 'node:fs/promises';
import { checkControlToken } from './control-token.ts';
import { defaultWorld } from './default-world.ts';
import { startEmulator } from './index.ts';
import { EmulatorState } from './state.ts';
import { isShape } from './quirk-settings.ts';
import { NO_QUIRKS, QUIRK_NAMES, SHAPES, type Emulator, type QuirkSettings } from './types.ts';
import { parseWorldFile, type WorldFile } from './world-file.ts';
import { messageOf } from '../text/message.ts';

export const DEFAULT_PORT = 8080;
/** Where the emulator listens: this machine only. */
export const EMULATOR_HOST = '127.0.0.1';

/**
 * An option the user gave that cannot be used: `option` is its name ('port', 'world', 'speed') and
 * `detail` what is wrong, for each tool to show as its own input or flag.
 */
export class EmulatorOptionError extends Error {
  override name = 'EmulatorOptionError';
  readonly option: string;
  readonly detail: string;

  constructor(option: string, detail: string) {
    super(`${option}: ${detail}`);
    this.option = option;
    this.detail = detail;
  }
}

export interface ServeOptions {
  port: number;
  /** The address to listen on; default EMULATOR_HOST, this machine only. */
  host?: string;
  /** A world file; undefined serves the built-in world. */
  worldPath?: string;
  speed: number;
  quirks?: QuirkSettings;
  controlToken?: string;
  /** The storage origin's port (artifacts on another origin); default 0, a free port. */
  storagePort?: number;
}

export interface Served {
  emulator: Emulator;
  /** The token of the world's default user (the first user with a token); undefined when none has one. */
  token: string | undefined;
}

/** A TCP port to listen on, 1–65535. */
export function parsePort(text: string): number {
  const trimmed = text.trim();
  const port = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || port < 1 || port > 65535) {
    throw new EmulatorOptionError('port', `must be a TCP port from 1 to 65535, got ${JSON.stringify(text)}.`);
  }
  return port;
}

/** How fast world time runs: 1 is real time, 10 ten times faster, 0 frozen. */
export function parseSpeed(text: string): number {
  const trimmed = text.trim();
  const speed = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(speed) || speed < 0) {
    throw new EmulatorOptionError(
      'speed',
      `must be a number, 1 for real time, 10 for ten times faster, 0 to freeze time; got ${JSON.stringify(text)}.`,
    );
  }
  return speed;
}

/**
 * `all`, `none` or entries separated by commas: a known quirk's name, `shape=spec|2016|2017`, or
 * `realNames` (the earlier name of `shape=2017`). `all` is every quirk with the 2017 shape.
 */
export function parseQuirks(text: string | undefined): QuirkSettings {
  if (text === undefined || text.trim() === '' || text.trim() === 'none') return {};
  if (text.trim() === 'all') {
    const every: QuirkSettings = { shape: '2017' };
    for (const name of QUIRK_NAMES) every[name] = true;
    return every;
  }
  const quirks: QuirkSettings = {};
  for (const entry of text.split(',').map((name) => name.trim())) {
    const [name, value] = entry.split('=', 2);
    if (name === 'shape') {
      if (!isShape(value))
        throw new EmulatorOptionError('quirks', `shape must be ${SHAPES.join(', ')}; got "${value ?? ''}"`);
      quirks.shape = value;
      continue;
    }
    const known = QUIRK_NAMES.find((candidate) => candidate === entry);
    if (known) quirks[known] = true;
    else if (entry === 'realNames') quirks.realNames = true;
    else throw new EmulatorOptionError('quirks', `unknown quirk "${entry}"; known: ${QUIRK_LIST}`);
  }
  return quirks;
}

/** What `--quirks` takes, for messages and usage lines. */
export const QUIRK_LIST = `${QUIRK_NAMES.join(', ')}, realNames, shape=${SHAPES.join('|')}`;

/**
 * Reads a world file and builds a world from it once, so that every problem (unreadable, not JSON, a
 * field of the wrong shape, a history naming an unknown pipeline) is reported before anything listens.
 */
export async function loadCheckedWorld(path: string): Promise<WorldFile> {
  const problem = (detail: string) => new EmulatorOptionError('world', `${JSON.stringify(path)}: ${detail}`);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw problem(`cannot read it (${String((error as { code?: unknown }).code ?? messageOf(error))})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw problem(`not JSON: ${messageOf(error)}`);
  }
  try {
    const world = parseWorldFile(json);
    new EmulatorState({ world, speed: 0, quirks: NO_QUIRKS });
    return world;
  } catch (error) {
    throw problem(messageOf(error));
  }
}

export function defaultUserToken(world: WorldFile): string | undefined {
  return world.users.find((user) => user.token !== undefined)?.token;
}

export async function serveEmulator(options: ServeOptions): Promise<Served> {
  if (options.controlToken !== undefined) {
    try {
      checkControlToken(options.controlToken);
    } catch (error) {
      throw new EmulatorOptionError('control-token', `${messageOf(error)}.`);
    }
  }
  const loaded = options.worldPath !== undefined ? await loadCheckedWorld(options.worldPath) : defaultWorld;
  const host = options.host ?? EMULATOR_HOST;
  const emulator = await startEmulator({
    port: options.port,
    host,
    speed: options.speed,
    world: loaded,
    ...(options.quirks !== undefined ? { quirks: options.quirks } : {}),
    ...(options.controlToken !== undefined ? { controlToken: options.controlToken } : {}),
    ...(options.storagePort !== undefined ? { storagePort: options.storagePort } : {}),
  }).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE') throw portTaken(options.port, host);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new EmulatorOptionError('host', `cannot listen on ${JSON.stringify(host)} (${String(code)}).`);
    throw error;
  });
  return { emulator, token: defaultUserToken(loaded) };
}

export function portTaken(port: number, host = EMULATOR_HOST): EmulatorOptionError {
  return new EmulatorOptionError(
    'port',
    `${port} is taken: something already listens on ${host}:${port}; choose another port.`,
  );
}
