import type { WorldFile, WorldStoredFile, WorldTestReport } from './world-file.ts';

const HOUR = 3_600_000;

/** What `acme/webapp`'s build stores in its `store` step: a bundle, a binary, a program, and values. */
const WEBAPP_BUILD_FILES: WorldStoredFile[] = [
  {
    path: 'dist/app.js',
    text: "'use strict';\n// acme/webapp 1.4.2\nexport function greet(name) {\n  return `Hello, ${name}!`;\n}\n",
  },
  // A 1×1 PNG: bytes that are not text.
  {
    path: 'dist/logo.png',
    base64:
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  },
  { path: 'dist/bundle.bin', bytes: 4096 },
  {
    path: 'bin/webapp',
    text: '#!/bin/sh\nexec node "$(dirname "$0")/../dist/app.js" "$@"\n',
    executable: true,
  },
  {
    path: 'outputs.env',
    text:
      '# Values for the jobs that follow\n' +
      'IMAGE=registry.example.com/acme/webapp@sha256:4f9c2a7e1b8d3c6f0a5e9d2b7c4a1f8e3d6b9c2a5f8e1d4b7a0c3f6e9d2b5a81\n' +
      'VERSION=1.4.2\n',
  },
];

/**
 * The JUnit report of `acme/webapp`'s `npm test` step, in jest-junit's dialect: 6 tests, 1 skipped, and
 * 2 that fail when the step fails (`EMULATOR_FAIL_STEP=npm test`).
 */
export const WEBAPP_JEST_REPORT: WorldTestReport = {
  path: 'reports/junit.xml',
  dialect: 'jest',
  suite: 'app',
  tests: [
    { name: 'renders the login form', file: 'test/app.test.js', line: 12 },
    { name: 'rejects a wrong password', file: 'test/app.test.js', line: 27, failsWithStep: true },
    { name: 'greets the user by name', file: 'test/app.test.js', line: 42, failsWithStep: true },
    { name: 'logs out', file: 'test/app.test.js', line: 58 },
    { name: 'stores the session', suite: 'session', file: 'test/session.test.js', line: 9 },
    { name: 'expires the session', suite: 'session', file: 'test/session.test.js', line: 31, skipped: true },
  ],
};

/**
 * The report of the `test` pipeline's `unit tests` step, in pytest's dialect: 4 tests, 1 skipped, and 1
 * that fails when the step fails.
 */
export const WEBAPP_PYTEST_REPORT: WorldTestReport = {
  path: 'test-results/pytest.xml',
  dialect: 'pytest',
  suite: 'pytest',
  tests: [
    { name: 'test_health', file: 'tests/test_api.py', line: 8 },
    { name: 'test_login_rejects_bad_password', file: 'tests/test_api.py', line: 42, failsWithStep: true },
    { name: 'test_login_accepts_good_password', file: 'tests/test_api.py', line: 55 },
    { name: 'test_migrations', file: 'tests/test_db.py', line: 10, skipped: true },
  ],
};

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
            { name: 'npm test', testReport: WEBAPP_JEST_REPORT },
            { name: 'store', artifacts: WEBAPP_BUILD_FILES },
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
            { name: 'unit tests', testReport: WEBAPP_PYTEST_REPORT },
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
