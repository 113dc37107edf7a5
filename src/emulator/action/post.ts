// The post entry of the emulator sub-action: ask the emulator what it served, stop it, show the end of
// its log and write the job summary. Everything here is a warning at worst; it never fails the job.
import * as core from '@actions/core';
import { fenceLogLines, sanitizeLine } from '../../text/safety.ts';
import { messageOf } from '../../text/message.ts';
import { logTail } from './log-tail.ts';
import { STATE } from './state-names.ts';
import { probeEmulator, type Probe } from './stats-client.ts';
import { isRunning, stopProcess, type StopResult } from './stop.ts';
import { emulatorSummary, unreachableSummary } from './summary.ts';

/** Only what main saves: the control token is never sent anywhere else. */
const LOCAL_URL = /^http:\/\/127\.0\.0\.1:\d{1,5}$/;
const LOG_LINES = 100;

const STOPPED: Record<StopResult, string> = {
  gone: 'It had already stopped.',
  stopped: 'Stopped at the end of the job.',
  killed: 'Killed at the end of the job: it did not stop on SIGTERM.',
  'still running': 'It could not be stopped; the runner ends it with the job.',
};

export async function runPost(): Promise<void> {
  const pid = Number(core.getState(STATE.pid));
  const url = core.getState(STATE.url);
  const controlToken = core.getState(STATE.controlToken);
  if (controlToken) core.setSecret(controlToken);
  if (!Number.isSafeInteger(pid) || pid < 1 || !LOCAL_URL.test(url) || !controlToken) {
    core.info('The emulator was not started; nothing to stop.');
    return;
  }
  if (core.getState(STATE.ready) !== 'true' && !isRunning(pid)) {
    core.info('The emulator did not start (the main step said why); nothing to stop.');
    return;
  }
  try {
    const probe = await probeEmulator(url, controlToken);
    const served = probe.kind === 'ours' && probe.stats.pid === pid ? probe.stats : undefined;
    const stopped = await stop(pid, served !== undefined, probe);
    core.info(`The emulator (process ${pid}): ${stopped}`);
    showLog(core.getState(STATE.log));
    const facts = { url, stopped };
    const html = served ? emulatorSummary(served, facts) : unreachableSummary(facts, describe(probe));
    if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(html, true).write();
  } catch (error) {
    core.warning(`Could not stop the emulator: ${sanitizeLine(messageOf(error), { maxLength: 2000 })}`);
  }
}

/** Signals the saved pid only once the emulator on the port has said it is that process. */
async function stop(pid: number, confirmed: boolean, probe: Probe): Promise<string> {
  if (confirmed) return STOPPED[await stopProcess(pid)];
  if (!isRunning(pid)) return STOPPED.gone;
  core.warning(
    `Process ${pid} is left alone: the emulator it should be did not answer (${sanitizeLine(describe(probe))}).`,
  );
  return 'It did not answer and was left for the runner to end with the job.';
}

function describe(probe: Probe): string {
  return probe.kind === 'ours' ? `another emulator, process ${probe.stats.pid}, answered` : probe.reason;
}

function showLog(path: string): void {
  if (!path) return;
  core.startGroup("The emulator's log");
  for (const line of fenceLogLines(logTail(path, LOG_LINES).split('\n'))) core.info(line);
  core.endGroup();
}
