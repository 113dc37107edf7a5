// The users and applications of every body, in the shape asked for (`quirks.shape`). Evidence: REC the
// Ruby gem's recorded traffic (July 2017); FIX wercker4j's fixtures (2016), which the Java client's
// strict mapper is written against: a field it does not know fails the whole call.
import { digest } from './model/ids.ts';
import { iso } from './model/time.ts';
import type { AppRecord, UserRecord } from './world-records.ts';
import type { ViewContext } from './view-context.ts';

type Json = Record<string, unknown>;

const api = (ctx: ViewContext, path: string) => `${ctx.base}/api/v3${path}`;

/**
 * spec: `serviceEmployee`, `type: "service"`. 2017: `werckerEmployee`, `type: "wercker"`, and for whoever
 * pushed (REC run, application_workflow) `meta.type` empty and no employee flag. 2016: `werckerEmployee`,
 * `type: "wercker"` and no `meta.type` (FIX: the Java client's user knows only username and the flag).
 */
export function userView(ctx: ViewContext, user: UserRecord, pushed = false): Json {
  const shape = ctx.quirks.shape;
  const metaType = user.members ? 'organization' : 'user';
  let meta: Json;
  if (shape === 'spec')
    meta = { username: user.username, serviceEmployee: user.serviceEmployee, type: metaType };
  else if (shape === '2016') meta = { username: user.username, werckerEmployee: user.serviceEmployee };
  else if (pushed) meta = { username: user.username, type: '' };
  else meta = { username: user.username, werckerEmployee: user.serviceEmployee, type: metaType };
  return {
    meta,
    userId: user.id,
    avatar: { gravatar: digest(user.username.toLowerCase(), 32) },
    name: user.name,
    type: shape === 'spec' ? 'service' : 'wercker',
  };
}

function applicationCore(ctx: ViewContext, app: AppRecord): Json {
  return {
    id: app.id,
    url: api(ctx, `/applications/${app.owner.username.toLowerCase()}/${app.name}`),
    name: app.name,
    owner: userView(ctx, app.owner),
    createdAt: iso(app.createdAt),
    privacy: app.privacy,
    stack: app.stack,
  };
}

const updated = (app: AppRecord): Json => ({ updatedAt: iso(app.updatedAt) });

/** List items: `updatedAt` in both real shapes (REC fetch_applications, FIX), `theme` in 2017 (REC). */
export function applicationListView(ctx: ViewContext, app: AppRecord): Json {
  const core = applicationCore(ctx, app);
  if (ctx.quirks.shape === '2017') return { ...core, ...updated(app), theme: themeOf(app) };
  if (ctx.quirks.shape === '2016') return { ...core, ...updated(app) };
  return core;
}

/**
 * The application inside a build, a deploy (both with `updatedAt` in the real shapes: FIX getBuild,
 * createBuild, getDeploy) or a pipeline (the spec's fields).
 */
export function applicationEmbeddedView(ctx: ViewContext, app: AppRecord, classic = false): Json {
  const core = applicationCore(ctx, app);
  return classic && ctx.quirks.shape !== 'spec' ? { ...core, ...updated(app) } : core;
}

/** The application of a single workflow: `updatedAt` always, and `theme` in 2017 (REC application_workflow). */
export function applicationInWorkflowView(ctx: ViewContext, app: AppRecord): Json {
  const view = { ...applicationCore(ctx, app), ...updated(app) };
  return ctx.quirks.shape === '2017' ? { ...view, theme: themeOf(app) } : view;
}

/**
 * The single application and the PATCH answer, with what the real service sent besides the spec's
 * fields: `scm.domain` and `allowedActions` (not in the PATCH answer) in every shape; `badgeKey`, `theme`
 * and `settings` (the same values as the top-level fields, which older clients read), which came in 2017,
 * in `spec` and `2017`; `updatedAt` in both real shapes.
 */
export function applicationSingleView(
  ctx: ViewContext,
  app: AppRecord,
  allowedActions: readonly string[] | undefined,
): Json {
  const core = applicationCore(ctx, app);
  const shape = ctx.quirks.shape;
  return {
    ...core,
    builds: `${String(core.url)}/builds`,
    deploys: `${String(core.url)}/deploys`,
    scm: scmOf(app),
    ignoredBranches: [...app.ignoredBranches],
    ...(shape === '2016'
      ? {}
      : {
          badgeKey: digest(`badge:${app.id}`, 32),
          theme: themeOf(app),
          settings: { privacy: app.privacy, stack: app.stack, ignoredBranches: [...app.ignoredBranches] },
        }),
    ...(allowedActions ? { allowedActions: [...allowedActions] } : {}),
    ...(shape === 'spec' ? {} : updated(app)),
  };
}

const SCM_DOMAIN = 'github.com';
const THEMES = ['Amethyst', 'Appletini', 'Oranje', 'Onyx'] as const;

export function scmOf(app: AppRecord): Json {
  return { type: 'git', owner: app.owner.username, domain: SCM_DOMAIN, repository: app.name };
}

function themeOf(app: AppRecord): string {
  return THEMES[Number.parseInt(digest(`theme:${app.id}`, 2), 16) % THEMES.length] ?? 'Amethyst';
}
