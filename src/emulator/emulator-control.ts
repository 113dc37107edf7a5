// The emulator's control surface in-process: `emulator.control`. The same operations are served over
// HTTP under /_emulator/ (control-routes.ts).
import { iso } from './model/time.ts';
import type { EmulatorState } from './state.ts';
import { applyQuirks } from './quirk-settings.ts';
import type { EmulatorControl, EmulatorRunView } from './types.ts';
import type { RunRecord } from './world-records.ts';
import type { World } from './world.ts';

export function createControl(state: EmulatorState): EmulatorControl {
  return {
    injectFault: (fault) => state.faults.add(fault),
    clearFaults: () => state.faults.clear(),
    faults: () => state.faults.list(),
    requests: () => state.log.list(),
    clearRequests: () => state.log.clear(),
    reset: () => state.reset(),
    setSpeed: (speed) => state.world.clock.setSpeed(speed),
    speed: () => state.world.clock.speed,
    advance: (ms) => state.world.clock.advance(ms),
    now: () => state.world.now(),
    setQuirks: (quirks) => {
      state.quirks = applyQuirks(state.quirks, quirks);
    },
    quirks: () => ({ ...state.quirks }),
    runs: () => {
      state.world.sync();
      const now = state.world.now();
      return state.world.runs.map((run) => runControlView(state.world, run, now));
    },
    stats: () => {
      state.world.sync();
      const now = state.world.now();
      const created = state.world.runs.filter((run) => state.stats.isNew(run.id));
      return {
        pid: process.pid,
        ...state.stats.counts(),
        runs: created.map((run) => runControlView(state.world, run, now)),
      };
    },
  };
}

function runControlView(world: World, run: RunRecord, now: number): EmulatorRunView {
  const state = world.stateOf(run, now);
  return {
    id: run.id,
    pipelineId: run.pipeline.id,
    pipelineName: run.pipeline.name,
    applicationId: run.app.id,
    status: state.phase === 'queued' ? 'notstarted' : state.phase,
    result: state.result,
    progress: state.progress,
    branch: run.branch,
    commitHash: run.commitHash,
    message: run.message,
    envVars: run.envVars.map((envVar) => ({ ...envVar })),
    ...(run.sourceRun ? { sourceRunId: run.sourceRun.id } : {}),
    createdAt: iso(run.plan.createdAt),
    ...(state.startedAt !== undefined ? { startedAt: iso(state.startedAt) } : {}),
    ...(state.finishedAt !== undefined ? { finishedAt: iso(state.finishedAt) } : {}),
    workflowId: run.workflow.id,
  };
}
