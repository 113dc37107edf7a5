// Response bodies shaped like what real API v3 servers returned (invented ids and values).

const host = 'https://ci.example.test/api/v3';

const user = {
  type: 'service',
  name: 'Dana',
  userId: '64b000000000000000000001',
  meta: { username: 'dana', type: 'user' },
  avatar: { gravatar: 'f00' },
};

const gitPipeline = {
  id: '64b0000000000000000000p1',
  url: `${host}/pipelines/64b0000000000000000000p1`,
  createdAt: '2023-05-01T08:00:00.120Z',
  name: 'build',
  permissions: 'public',
  pipelineName: 'build',
  setScmProviderStatus: true,
  type: 'git',
};

/** The Go backend's trigger answer: Go timestamps, no progress, envVars, startedAt or finishedAt. */
export const goTriggerResponse = {
  id: '64b0000000000000000000r1',
  url: `${host}/runs/64b0000000000000000000r1`,
  branch: 'main',
  commitHash: '0123456789abcdef0123456789abcdef01234567',
  createdAt: '2023-05-02 22:43:55.359468446 +0000 UTC',
  message: 'make it faster',
  result: 'unknown',
  status: 'notstarted',
  user: { type: 'service', name: 'Dana', userId: user.userId, meta: { username: 'Dana', type: 'user' } },
  pipeline: { ...gitPipeline, createdAt: '2023-05-01 08:00:00.12 +0000 UTC' },
};

/** A chained run as `GET /runs/:id` returned it, with an embedded `sourceRun` and extras. */
export const chainedRun = {
  id: '64b0000000000000000000r2',
  url: `${host}/runs/64b0000000000000000000r2`,
  branch: 'main',
  commitHash: '0123456789abcdef0123456789abcdef01234567',
  createdAt: '2023-05-02T22:44:30.634Z',
  envVars: [{ key: 'TARGET', value: 'staging' }],
  finishedAt: '2023-05-02T22:45:19.345Z',
  message: 'Auto trigger from Pipeline "build" to Pipeline "deploy"',
  commits: [{ _id: 'c1', commit: '0123456789abcdef0123456789abcdef01234567', message: 'bump', by: 'Dana' }],
  progress: 100,
  result: 'passed',
  sourceRun: { id: goTriggerResponse.id, url: goTriggerResponse.url, status: 'finished', result: 'passed' },
  startedAt: '2023-05-02T22:44:30.666Z',
  status: 'finished',
  user,
  pipeline: {
    ...gitPipeline,
    id: '64b0000000000000000000p2',
    name: 'deploy',
    pipelineName: 'deploy',
    type: 'pipeline',
  },
  pullRequest: {},
};

/** Steps as recorded: built-in steps carry `step`, later ones `displayName` and `phase`. */
export const steps = [
  {
    id: '64b0000000000000000000s1',
    url: `${host}/runsteps/64b0000000000000000000s1`,
    artifactsUrl: null,
    createdAt: '2023-05-02T22:44:30.635Z',
    finishedAt: '2023-05-02T22:44:32.631Z',
    logUrl: `${host}/runsteps/64b0000000000000000000s1/log`,
    order: 1,
    result: 'passed',
    startedAt: '2023-05-02T22:44:32.357Z',
    status: 'finished',
    step: 'get code',
  },
  {
    id: '64b0000000000000000000s2',
    url: `${host}/runsteps/64b0000000000000000000s2`,
    artifactsUrl: null,
    createdAt: '2023-05-02T22:44:53.917Z',
    displayName: 'npm-test',
    finishedAt: '2023-05-02T22:44:54.235Z',
    logUrl: `${host}/runsteps/64b0000000000000000000s2/log`,
    order: 2,
    phase: 'mainSteps',
    result: 'failed',
    startedAt: '2023-05-02T22:44:53.954Z',
    status: 'finished',
  },
];

/** A single application of 2017: privacy, stack and ignoredBranches under `settings`. */
export const applicationWithSettings = {
  id: '64b0000000000000000000a1',
  url: `${host}/applications/acme/webapp`,
  name: 'webapp',
  owner: { ...user, meta: { ...user.meta, werckerEmployee: false } },
  builds: `${host}/applications/acme/webapp/builds`,
  deploys: `${host}/applications/acme/webapp/deploys`,
  scm: { type: 'git', owner: 'acme', domain: 'github.com', repository: 'webapp' },
  badgeKey: 'abc',
  createdAt: '2023-05-01T08:00:00.374Z',
  updatedAt: '2023-05-01T08:00:00.374Z',
  allowedActions: ['create_run'],
  theme: 'Amethyst',
  settings: { privacy: 'public', stack: 6, ignoredBranches: ['gh-pages'] },
};

/** A freshly triggered classic build: `progress: null`, no startedAt/finishedAt. */
export const triggeredBuild = {
  id: '64b0000000000000000000b1',
  url: `${host}/builds/64b0000000000000000000b1`,
  application: {
    id: '64b0000000000000000000a2',
    url: `${host}/applications/acme/legacy`,
    name: 'legacy',
    owner: user,
    createdAt: '2023-05-01T08:00:00.819Z',
    privacy: 'private',
    stack: 1,
  },
  branch: 'main',
  createdAt: '2023-05-02T13:00:10.180Z',
  commitHash: '27625930a8afcaff8e4c3f5370f38e712db7d61e',
  message: 'Fix it',
  progress: null,
  result: 'unknown',
  status: 'notstarted',
};

export const deploys = [
  {
    progress: 100,
    createdAt: '2023-05-02T21:26:18.834Z',
    result: 'passed',
    status: 'finished',
    url: `${host}/deploys/64b0000000000000000000d1`,
    id: '64b0000000000000000000d1',
  },
];

/** A workflow whose upstream run failed: the downstream item has no runId and a thin `data`. */
export const workflow = {
  url: `${host}/workflows/64b0000000000000000000w1`,
  createdAt: '2023-05-02T22:44:03.044Z',
  data: { branch: 'main', message: 'Merge it', sourceRunId: goTriggerResponse.id },
  id: '64b0000000000000000000w1',
  items: [
    {
      data: {
        targetName: 'build',
        pipelineId: gitPipeline.id,
        restricted: false,
        totalSteps: 8,
        currentStep: 4,
        stepName: 'npm-test',
        runId: goTriggerResponse.id,
      },
      id: '64b0000000000000000000i1',
      progress: 66,
      result: 'failed',
      status: 'finished',
      type: 'run',
      updatedAt: '2023-05-02T22:44:30.640Z',
    },
    {
      data: { targetName: 'deploy', pipelineId: '64b0000000000000000000p2', restricted: false },
      id: '64b0000000000000000000i2',
      parentItem: '64b0000000000000000000i1',
      progress: 0,
      result: 'unknown',
      status: 'notstarted',
      type: 'run',
    },
  ],
  startedAt: '2023-05-02T22:44:16.486Z',
  trigger: 'workflow',
  updatedAt: '2023-05-02T22:45:31.447Z',
  user,
  application: triggeredBuild.application,
};
