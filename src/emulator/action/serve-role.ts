// The emulator's own process, which the main entry starts from its own bundle with SERVE_ROLE as the
// first argument: it serves until SIGTERM or SIGINT, then exits 0. Its output goes to the log file.
import { parseArgs } from 'node:util';
import { messageOf } from '../../text/message.ts';
import { parsePort, parseSpeed, serveEmulator } from '../serve.ts';

export const SERVE_ROLE = 'serve';
/** The control token travels in the environment, which other users cannot read, not on the command line. */
export const CONTROL_TOKEN_ENV = 'CI_RUN_EMULATOR_CONTROL_TOKEN';

export async function serveInBackground(argv: readonly string[]): Promise<void> {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        speed: { type: 'string', default: '1' },
        world: { type: 'string' },
      },
      strict: true,
    });
    const controlToken = process.env[CONTROL_TOKEN_ENV];
    delete process.env[CONTROL_TOKEN_ENV];
    const { emulator } = await serveEmulator({
      port: parsePort(values.port ?? ''),
      speed: parseSpeed(values.speed),
      ...(values.world !== undefined ? { worldPath: values.world } : {}),
      ...(controlToken ? { controlToken } : {}),
    });
    const stop = (signal: string) => {
      console.log(`${new Date().toISOString()} ${signal}: stopping`);
      emulator.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`emulator: ${messageOf(error)}`);
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    console.log(`${new Date().toISOString()} CI Service API v3 emulator listening on ${emulator.url}`);
  } catch (error) {
    console.error(`emulator: ${messageOf(error)}`);
    process.exit(1);
  }
}
