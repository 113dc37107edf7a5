import type { WorldFile } from './world-file.ts';

const HOUR = 3_600_000;

/**
 * The world the emulator starts with unless told otherwise. Fixed ids, so that demos and tests can
 * name things directly. A default run finishes within about ten world-seconds.
 */
export const defaultWorld: WorldFile = {
  users: [
    { id: '600000000000000000000001', username: 'demo', name: 'Demo User', token: 'demo-token' },
    {
      id: '600000000000000000000002',
      username: 'outsider',
      name: 'Outside Observer',
      token: 'outsider-token',
    },
  ],
  organizations: [{ id: '600000000000000000000003', username: 'acme', name: 'Acme Inc.', members: ['demo'] }],
  applications: [
    {
      id: '610000000000000000000001',
      owner: 'acme',
      name: 'webapp',
      stack: 6,
      privacy: 'public',
      createdAt: '2025-03-02T09:15:00.000Z',
      updatedAt: '2025-06-11T14:02:33.120Z',
      defaultBranch: 'main',
      branches: {
        main: {
          commitHash: '8d3f2a6c1b9e4f7a0c5d2e8b6a4f1c3e9d7b5a20',
          message: 'Merge pull request #42 from acme/login-form',
        },
        develop: {
          commitHash: '2b7e9c4a6d1f8e3b5a0c7d9e2f4a6b8c1d3e5f70',
          message: 'Add login form validation',
        },
      },
      pipelines: [
        {
          id: '620000000000000000000001',
          name: 'build',
          createdAt: '2025-03-02T09:16:10.500Z',
          chains: ['deploy'],
          steps: [
            { name: 'get code' },
            { name: 'setup environment' },
            { name: 'npm ci' },
            { name: 'npm test' },
            { name: 'store', artifacts: true },
          ],
        },
        {
          id: '620000000000000000000002',
          name: 'deploy',
          type: 'pipeline',
          permissions: 'read',
          setScmProviderStatus: false,
          createdAt: '2025-03-02T09:20:42.730Z',
          steps: [{ name: 'get code' }, { name: 'setup environment' }, { name: 'deploy to staging' }],
        },
        {
          id: '620000000000000000000003',
          name: 'test',
          createdAt: '2025-03-05T11:00:00.000Z',
          steps: [
            { name: 'get code' },
            { name: 'setup environment' },
            { name: 'lint' },
            { name: 'unit tests' },
          ],
        },
      ],
    },
    {
      id: '610000000000000000000002',
      owner: 'acme',
      name: 'legacy',
      stack: 1,
      privacy: 'private',
      createdAt: '2019-08-20T08:00:00.000Z',
      updatedAt: '2024-11-30T17:45:12.004Z',
      defaultBranch: 'master',
      branches: {
        master: { commitHash: 'f4e3d2c1b0a99887766554433221100ffeeddcc1', message: 'Bump version to 3.4.1' },
      },
      autoDeploy: true,
    },
    {
      id: '610000000000000000000003',
      owner: 'acme',
      name: 'docker-classic',
      stack: 5,
      privacy: 'public',
      createdAt: '2021-02-14T10:30:00.000Z',
      updatedAt: '2023-05-01T12:00:00.000Z',
      defaultBranch: 'master',
    },
    {
      id: '610000000000000000000004',
      owner: 'demo',
      name: 'sandbox',
      stack: 6,
      privacy: 'private',
      createdAt: '2025-09-09T09:09:09.909Z',
      updatedAt: '2025-09-09T09:09:09.909Z',
      defaultBranch: 'main',
      pipelines: [
        {
          id: '620000000000000000000004',
          name: 'build',
          createdAt: '2025-09-09T09:10:00.000Z',
          steps: [{ name: 'get code' }, { name: 'setup environment' }, { name: 'make' }],
        },
      ],
    },
  ],
  history: [
    { application: 'acme/legacy', agoMs: 3 * HOUR, user: 'demo' },
    {
      application: 'acme/legacy',
      agoMs: 2 * HOUR,
      user: 'demo',
      message: 'Try the new cache',
      envVars: [{ key: 'EMULATOR_RESULT', value: 'failed' }],
    },
    { application: 'acme/legacy', agoMs: 1 * HOUR, user: 'demo' },
    { application: 'acme/webapp', pipeline: 'build', agoMs: 2 * HOUR, user: 'demo' },
    {
      application: 'acme/webapp',
      pipeline: 'test',
      agoMs: 1 * HOUR,
      user: 'demo',
      branch: 'develop',
      envVars: [{ key: 'EMULATOR_FAIL_STEP', value: 'unit tests' }],
    },
  ],
};
