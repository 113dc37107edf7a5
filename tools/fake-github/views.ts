// Records as GitHub shows them: every field the description requires, with the values GitHub sends for a
// GITHUB_TOKEN (github-actions[bot], the GitHub Actions app), and every URL under the fake's own origin.
import type {
  Annotation,
  CheckRunRecord,
  DeploymentRecord,
  DeploymentStatusRecord,
  RepoRecord,
  StatusRecord,
} from './store.ts';
import type { Urls } from './types.ts';

type Json = Record<string, unknown>;

const BOT = { login: 'github-actions[bot]', id: 41898282, nodeId: 'MDM6Qm90NDE4OTgyODI=' };
const GITHUB_ORG = { login: 'github', id: 9919, nodeId: 'MDEyOk9yZ2FuaXphdGlvbjk5MTk=' };
export const ACTIONS_APP_ID = 15368;

function userUrls(urls: Urls, login: string): Json {
  const api = `${urls.api}/users/${encodeURIComponent(login)}`;
  return {
    url: api,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
  };
}

function simpleUser(urls: Urls, login: string, id: number, nodeId: string, type: string): Json {
  return {
    login,
    id,
    node_id: nodeId,
    avatar_url: `${urls.web}/avatars/u/${id}?v=4`,
    gravatar_id: '',
    ...userUrls(urls, login),
    html_url: `${urls.web}/${login}`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

function botUser(urls: Urls): Json {
  return {
    ...simpleUser(urls, BOT.login, BOT.id, BOT.nodeId, 'Bot'),
    avatar_url: `${urls.web}/avatars/in/${ACTIONS_APP_ID}?v=4`,
    html_url: `${urls.web}/apps/github-actions`,
  };
}

function actionsApp(urls: Urls): Json {
  return {
    id: ACTIONS_APP_ID,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    client_id: 'Iv1.05c79e9ad1f6bdfa',
    owner: simpleUser(urls, GITHUB_ORG.login, GITHUB_ORG.id, GITHUB_ORG.nodeId, 'Organization'),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: `${urls.web}/features/actions`,
    html_url: `${urls.web}/apps/github-actions`,
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2024-04-10T20:33:16Z',
    permissions: {
      actions: 'write',
      checks: 'write',
      contents: 'write',
      deployments: 'write',
      metadata: 'read',
      pull_requests: 'write',
      statuses: 'write',
    },
    events: ['check_run', 'check_suite', 'deployment', 'deployment_status', 'pull_request', 'push', 'status'],
  };
}

/** GitHub's newer node ids: a type prefix and an opaque base64 tail. */
function nodeId(prefix: string, ...ids: number[]): string {
  return `${prefix}_kwDO${Buffer.from(ids.join(':')).toString('base64url')}`;
}

export function repoApiUrl(urls: Urls, repo: RepoRecord): string {
  return `${urls.api}/repos/${repo.fullName}`;
}

const REPO_URL_TEMPLATES: Record<string, string> = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}',
};

export function minimalRepository(urls: Urls, repo: RepoRecord): Json {
  const api = repoApiUrl(urls, repo);
  const templates = Object.fromEntries(
    Object.entries(REPO_URL_TEMPLATES).map(([field, suffix]) => [field, `${api}${suffix}`]),
  );
  return {
    id: repo.id,
    node_id: nodeId('R', repo.id),
    name: repo.name,
    full_name: repo.fullName,
    private: false,
    owner: simpleUser(urls, repo.owner, repo.ownerId, nodeId('U', repo.ownerId), 'User'),
    html_url: `${urls.web}/${repo.fullName}`,
    description: null,
    fork: false,
    url: api,
    ...templates,
  };
}

export function statusView(urls: Urls, status: StatusRecord): Json {
  return {
    url: `${repoApiUrl(urls, status.repo)}/statuses/${status.sha}`,
    avatar_url: `${urls.web}/avatars/in/${ACTIONS_APP_ID}?v=4`,
    id: status.id,
    node_id: nodeId('SC', status.repo.id, status.id),
    state: status.state,
    description: status.description,
    target_url: status.targetUrl,
    context: status.context,
    created_at: status.createdAt,
    updated_at: status.createdAt,
    creator: botUser(urls),
  };
}

/** The combined status's entries: a status without its creator. */
export function simpleStatusView(urls: Urls, status: StatusRecord): Json {
  const { creator: _creator, ...simple } = statusView(urls, status);
  return simple;
}

export function checkRunView(urls: Urls, run: CheckRunRecord): Json {
  const url = `${repoApiUrl(urls, run.repo)}/check-runs/${run.id}`;
  return {
    id: run.id,
    name: run.name,
    node_id: nodeId('CR', run.repo.id, run.id),
    head_sha: run.headSha,
    external_id: run.externalId,
    url,
    html_url: `${urls.web}/${run.repo.fullName}/runs/${run.id}`,
    details_url: run.detailsUrl ?? `${urls.web}/${run.repo.fullName}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      title: run.output.title,
      summary: run.output.summary,
      text: run.output.text,
      annotations_count: run.annotations.length,
      annotations_url: `${url}/annotations`,
    },
    check_suite: { id: run.suiteId },
    app: actionsApp(urls),
    pull_requests: [],
  };
}

/** An annotation as the list shows it: what was sent, null for what was not, and a link to the file. */
export function annotationView(urls: Urls, run: CheckRunRecord, annotation: Annotation): Json {
  return {
    path: annotation.path,
    blob_href: `${urls.web}/${run.repo.fullName}/blob/${run.headSha}/${annotation.path}`,
    start_line: annotation.start_line,
    end_line: annotation.end_line,
    start_column: annotation.start_column ?? null,
    end_column: annotation.end_column ?? null,
    annotation_level: annotation.annotation_level,
    title: annotation.title ?? null,
    message: annotation.message,
    raw_details: annotation.raw_details ?? null,
  };
}

export function deploymentView(urls: Urls, deployment: DeploymentRecord): Json {
  const url = `${repoApiUrl(urls, deployment.repo)}/deployments/${deployment.id}`;
  return {
    url,
    id: deployment.id,
    node_id: nodeId('DE', deployment.repo.id, deployment.id),
    task: deployment.task,
    original_environment: deployment.originalEnvironment,
    environment: deployment.environment,
    description: deployment.description,
    created_at: deployment.createdAt,
    updated_at: deployment.updatedAt,
    statuses_url: `${url}/statuses`,
    repository_url: repoApiUrl(urls, deployment.repo),
    creator: botUser(urls),
    sha: deployment.sha,
    ref: deployment.ref,
    payload: deployment.payload,
    transient_environment: deployment.transient,
    production_environment: deployment.production,
    performed_via_github_app: actionsApp(urls),
  };
}

export function deploymentStatusView(
  urls: Urls,
  deployment: DeploymentRecord,
  status: DeploymentStatusRecord,
): Json {
  const deploymentUrl = `${repoApiUrl(urls, deployment.repo)}/deployments/${deployment.id}`;
  return {
    url: `${deploymentUrl}/statuses/${status.id}`,
    id: status.id,
    node_id: nodeId('DES', deployment.repo.id, status.id),
    state: status.state,
    creator: botUser(urls),
    description: status.description,
    environment: status.environment,
    target_url: status.logUrl,
    created_at: status.createdAt,
    updated_at: status.createdAt,
    deployment_url: deploymentUrl,
    repository_url: repoApiUrl(urls, deployment.repo),
    environment_url: status.environmentUrl,
    log_url: status.logUrl,
    performed_via_github_app: actionsApp(urls),
  };
}
