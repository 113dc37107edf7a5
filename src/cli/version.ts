import packageJson from '../../package.json' with { type: 'json' };

export const VERSION: string = packageJson.version;
export const USER_AGENT = `ci-run-cli/${VERSION} (+https://github.com/ci-run-action/ci-run-action)`;
