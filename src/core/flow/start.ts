// The remote work comes to exist here: triggered exactly once, or attached to by id. A retry comes
// here again: the attempt before it is put aside with the view's other attempts first.
import { fingerprintKey, fingerprintOf } from '../fingerprint.ts';
import type { Remote } from '../model.ts';
// Links are built from the API root and the checked id: the `url` a server sends is never passed on.
import { buildRef, runRef, type RemoteRef } from '../refs.ts';
import { webLinks } from '../web-url.ts';
import { triggerBuildOnce, triggerRunOnce, type TriggerDeps } from '../trigger.ts';
import type { FlowContext } from './context.ts';
import type { TriggerInfo } from './events.ts';
import type { Prepared } from './prepare.ts';
import { attemptOf, setAside } from './retry.ts';

/** Triggers or attaches, tells the sinks, and leaves the first full read in the view. */
export async function start(context: FlowContext, prepared: Prepared): Promise<void> {
  const { resolved } = prepared;
  const { ref, resource } = await triggerOrAttach(context, prepared);
  setAside(context.view);
  context.view.ref = ref;
  context.view.resource = resource;
  context.emit.identified(ref);
  // Real servers answered the trigger with a trimmed body (and a non-ISO date): read it again.
  const initial = resolved.kind === 'attach' ? resource : await reread(context, ref, resource);
  context.view.resource = initial;
  const pipelineName = resolved.kind === 'run' ? resolved.pipelineName : undefined;
  const pipelineId =
    resolved.kind === 'run' ? resolved.pipelineId : 'pipeline' in initial ? initial.pipeline?.id : undefined;
  const web = webLinks(context.settings, ref, initial, pipelineName);
  context.view.web = web;
  const info: TriggerInfo = {
    ref,
    resource: initial,
    attached: resolved.kind === 'attach',
    ...(pipelineName ? { pipelineName } : {}),
    ...(pipelineId ? { pipelineId } : {}),
    web,
    attempt: attemptOf(context.view),
    maxAttempts: context.settings.retries + 1,
  };
  context.view.trigger = info;
  context.emit.triggered(info);
}

/**
 * A cancel during the look for a lost trigger's run leaves this long for one last look: with the abort's
 * 4.5 s after it, within the 7.5 s the runner gives before SIGTERM.
 */
const LAST_LOOK_MS = 2000;

async function triggerOrAttach(
  context: FlowContext,
  { resolved, before }: Prepared,
): Promise<{ ref: RemoteRef; resource: Remote }> {
  const { client, settings } = context;
  const deps: TriggerDeps = {
    client,
    log: context.log,
    clock: context.clock,
    sleep: context.sleep,
    cancel: context.cancel.signal,
    lastLook: { client: context.unboundedClient, budgetMs: LAST_LOOK_MS, hurry: context.cancel.hurry },
  };
  const common = {
    ...(settings.branch !== undefined ? { branch: settings.branch } : {}),
    ...(settings.commit !== undefined ? { commitHash: settings.commit } : {}),
    ...(settings.message !== undefined ? { message: settings.message } : {}),
    ...(settings.envVars.length > 0 ? { envVars: settings.envVars } : {}),
  };
  switch (resolved.kind) {
    case 'attach': {
      const run = await client.getRun(resolved.runId);
      return { ref: runRef(client.apiUrl, run.id), resource: run };
    }
    case 'run': {
      const payload = {
        pipelineId: resolved.pipelineId,
        ...(settings.sourceRunId !== undefined ? { sourceRunId: settings.sourceRunId } : {}),
        ...common,
      };
      const key = fingerprintKey(settings.token);
      const fingerprint = fingerprintOf(payload, before.runs, key);
      context.emit.triggering(fingerprint);
      const run = await triggerRunOnce(deps, payload, fingerprint, key);
      return { ref: runRef(client.apiUrl, run.id), resource: run };
    }
    case 'build': {
      const build = await triggerBuildOnce(
        deps,
        { applicationId: resolved.applicationId, ...common },
        { builds: before.builds, ...(before.listBuilds ? { list: before.listBuilds } : {}) },
      );
      return { ref: buildRef(client.apiUrl, build.id), resource: build };
    }
  }
}

/** The trigger's own body stands in when the re-read fails: the work exists either way. */
async function reread({ client }: FlowContext, ref: RemoteRef, fallback: Remote): Promise<Remote> {
  try {
    return ref.kind === 'run' ? await client.getRun(ref.id) : await client.getBuild(ref.id);
  } catch {
    return fallback;
  }
}
