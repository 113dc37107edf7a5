// The main entry of the emulator sub-action (emulator/action.yml): check the inputs, start the emulator
// in a process of its own that serves for the rest of the job, and set the outputs once it answers.
// The post entry (post.ts) stops it.
import * as core from '@actions/core';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { newControlToken } from '../control-token.ts';
import { defaultWorld } from '../default-world.ts';
import {
  DEFAULT_PORT,
  defaultUserToken,
  EmulatorOptionError,
  loadCheckedWorld,
  parsePort,
  parseSpeed,
} from '../serve.ts';
import { sanitizeLine } from '../../text/safety.ts';
import { messageOf } from '../../text/message.ts';
import { checkPortFree, launchEmulator } from './launch.ts';
import { STATE } from './state-names.ts';

export async function runMain(entry: string): Promise<void> {
  try {
    const port = parsePort(core.getInput('port') || String(DEFAULT_PORT));
    const speed = parseSpeed(core.getInput('speed') || '1');
    const worldInput = core.getInput('world');
    const worldPath = worldInput === '' ? undefined : resolve(worldInput);
    const world = worldPath === undefined ? defaultWorld : await loadCheckedWorld(worldPath);
    const token = defaultUserToken(world) ?? '';
    // The built-in world's token is public test data (it is in the README); a world file's may not be.
    if (worldPath !== undefined && token !== '') core.setSecret(token);
    if (token === '')
      core.warning('Input "world": no user of the world has a token; the token output is empty.');
    await checkPortFree(port);

    const controlToken = newControlToken();
    core.setSecret(controlToken);
    const logPath = join(process.env.RUNNER_TEMP || tmpdir(), `ci-run-emulator-${port}.log`);
    const options = { entry, port, speed, controlToken, logPath, ...(worldPath ? { worldPath } : {}) };
    const launched = await launchEmulator(options, ({ pid, url }) => {
      core.saveState(STATE.pid, String(pid));
      core.saveState(STATE.url, url);
      core.saveState(STATE.controlToken, controlToken);
      core.saveState(STATE.log, logPath);
    });

    core.saveState(STATE.ready, 'true');
    core.setOutput('base-url', launched.url);
    core.setOutput('token', token);
    core.setOutput('control-token', controlToken);
    core.info(
      `The CI Service API v3 emulator serves ${launched.url} (process ${launched.pid}, speed ${speed}, ` +
        `${worldPath === undefined ? 'the built-in world' : `the world in ${sanitizeLine(worldInput)}`}); its log: ${logPath}`,
    );
  } catch (error) {
    core.setFailed(describe(error));
  }
}

/** The message may quote the world file or the emulator's log: each line is made inert. */
function describe(error: unknown): string {
  const message =
    error instanceof EmulatorOptionError ? `Input "${error.option}": ${error.detail}` : messageOf(error);
  return message
    .split('\n')
    .map((line) => sanitizeLine(line, { maxLength: 2000 }))
    .join('\n');
}
