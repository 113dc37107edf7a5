export const USER_AGENT = 'ci-run-action (+https://github.com/ci-run-action/ci-run-action)';
