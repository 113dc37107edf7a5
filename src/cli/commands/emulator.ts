// `emulator`: serves the CI Service API v3 emulator in the foreground, the same server as the emulator
// sub-action, until Ctrl-C. The emulator is loaded only when this command runs, so that the other
// commands start as fast as before.
import { resolve } from 'node:path';
import type { CommandSpec } from '../command.ts';
import { UsageError } from '../errors.ts';
import { printJson } from '../output.ts';
import { sanitizeLine } from '../../text/safety.ts';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export const emulator: CommandSpec = {
  words: ['emulator'],
  args: [],
  positionals: { min: 0, max: 0 },
  summary: 'Serve the CI Service API v3 emulator on this machine until Ctrl-C.',
  details: [
    'Prints the base URL to pass as --base-url, the API token of the world’s default user and the control ' +
      'token of /_emulator/. It listens on 127.0.0.1 unless --host names another address, and answers only ' +
      'requests whose Host is that address, localhost or a loopback address. Ctrl-C (or SIGTERM) stops it ' +
      'and exits 0.',
  ],
  options: {
    port: { type: 'string', value: '<port>', description: 'TCP port to listen on (default 8080).' },
    host: {
      type: 'string',
      value: '<address>',
      description: 'The address to listen on (default 127.0.0.1).',
    },
    world: {
      type: 'string',
      value: '<path>',
      description: 'A world file (JSON) to serve instead of the built-in world.',
    },
    speed: {
      type: 'string',
      value: '<n>',
      description: 'How fast world time runs: 1 real time (default), 10 ten times faster, 0 frozen.',
    },
    quirks: {
      type: 'string',
      value: '<all|name,name,shape=spec|2016|2017>',
      description:
        'Behave as real servers did: quirks by name, and the shape of answers (spec, 2016 or 2017; realNames is 2017). The README lists them; default none, spec shape.',
    },
    'control-token': {
      type: 'string',
      value: '<token>',
      description: 'What /_emulator/ requests must send (default: a random token, printed at start).',
    },
  },
  commonOptions: ['json', 'help'],
  examples: [
    'ci-run emulator',
    'ci-run emulator --port 9000 --world world.json --speed 10',
    'ci-run emulator --quirks goTriggerResponse,nullProgress',
    'ci-run emulator --quirks shape=2016',
  ],
  async run({ flags }, io) {
    const serve = await import('../../emulator/serve.ts');
    let served;
    try {
      const port = serve.parsePort(flags.string('port') ?? String(serve.DEFAULT_PORT));
      const speed = serve.parseSpeed(flags.string('speed') ?? '1');
      const world = flags.string('world');
      const host = flags.string('host');
      const controlToken = flags.string('control-token');
      served = await serve.serveEmulator({
        port,
        speed,
        quirks: serve.parseQuirks(flags.string('quirks')),
        ...(host !== undefined ? { host } : {}),
        ...(controlToken !== undefined ? { controlToken } : {}),
        ...(world !== undefined ? { worldPath: resolve(io.cwd, world) } : {}),
      });
    } catch (error) {
      if (error instanceof serve.EmulatorOptionError)
        throw new UsageError(`--${error.option}: ${error.detail}`);
      throw error;
    }
    const { emulator: running, token } = served;
    // Listening for Ctrl-C before saying where it serves: whoever reads that may stop it at once.
    const stopped = untilStopped();
    if (flags.boolean('json')) {
      printJson(io, { baseUrl: running.url, token: token ?? null, controlToken: running.controlToken });
    } else {
      io.stdout.write(
        `CI Service API v3 emulator listening on ${running.url}\n` +
          `Base URL: ${running.url}\n` +
          `Token: ${token === undefined ? '(none: no user of the world has one)' : sanitizeLine(token)}\n` +
          `Control token: ${running.controlToken}\n` +
          'Press Ctrl-C to stop.\n',
      );
    }
    await stopped;
    await running.close();
    return 0;
  },
};

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      for (const name of STOP_SIGNALS) process.off(name, stop);
      resolve();
    };
    for (const name of STOP_SIGNALS) process.on(name, stop);
  });
}
