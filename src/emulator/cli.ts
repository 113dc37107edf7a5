// `npm run emulator -- --port 8080 [--host 127.0.0.1] [--world world.json] [--speed 10] [--quirks all|a,b]
// [--control-token token] [--storage-port 0]`. Prints two lines, the base URL and the control token, serves
// until SIGINT or SIGTERM, then exits 0.
import { parseArgs } from 'node:util';
import { startEmulator } from './index.ts';
import { parseNumber } from './number-flag.ts';
import { EmulatorOptionError, parseQuirks, QUIRK_LIST } from './serve.ts';
import { loadWorldFile } from './world-file.ts';
import { messageOf } from '../text/message.ts';

const USAGE = `Usage: node src/emulator/cli.ts [--port 8080] [--host 127.0.0.1] [--world world.json] [--speed 1] [--quirks all|name,name] [--control-token token] [--storage-port 0]
--host is the address to listen on (default 127.0.0.1); requests are served when their Host header names
it, localhost or a loopback address.
--control-token is what /_emulator/ requests must send (Authorization: Bearer <token> or x-emulator-token);
by default a random one, printed at start.
--storage-port is where the storage origin of artifacts listens (default 0: a free port; GET /_emulator/storage
names it).
Quirks: ${QUIRK_LIST}`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string' },
      world: { type: 'string' },
      speed: { type: 'string', default: '1' },
      quirks: { type: 'string' },
      'control-token': { type: 'string' },
      'storage-port': { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = parseNumber('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535);
  const speed = parseNumber('speed', values.speed, (n) => n >= 0);
  const storagePort = parseNumber(
    'storage-port',
    values['storage-port'],
    (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  );
  const quirks = parseQuirks(values.quirks);
  const world = values.world !== undefined ? await loadWorldFile(values.world) : undefined;
  const emulator = await startEmulator({
    port,
    ...(values.host !== undefined ? { host: values.host } : {}),
    speed,
    storagePort,
    quirks,
    ...(world ? { world } : {}),
    ...(values['control-token'] !== undefined ? { controlToken: values['control-token'] } : {}),
  });
  console.log(`CI Service API v3 emulator listening on ${emulator.url}`);
  console.log(`Control token: ${emulator.controlToken}`);

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`emulator: ${error instanceof EmulatorOptionError ? error.detail : messageOf(error)}`);
  console.error(USAGE);
  process.exit(1);
});
