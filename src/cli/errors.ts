// From a thrown error to what the user reads and the exit code: 2 for input the CLI or the API rules
// refuse before anything is sent, 1 for what the server (or the way to it) answered.
import { ApiError, ContractError, RequestValidationError } from '../api/errors.ts';
import { SettingsError } from '../core/settings.ts';
import { messageOf } from '../text/message.ts';

export const EXIT = { passed: 0, failed: 1, badInput: 2, interrupted: 130 } as const;

/** A flag or argument the CLI cannot use; nothing was sent. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Failure {
  code: number;
  message: string;
  /** Point at `--help`: the input itself was wrong. */
  showHelp: boolean;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof UsageError) return { code: EXIT.badInput, message: error.message, showHelp: true };
  if (error instanceof SettingsError) {
    return {
      code: EXIT.badInput,
      message: `${error.message}\nEach input is a flag of the same name: \`pipeline-id: X\` is \`--pipeline-id X\`.`,
      showHelp: true,
    };
  }
  if (error instanceof RequestValidationError) {
    return { code: EXIT.badInput, message: `${error.message}.`, showHelp: true };
  }
  if (error instanceof ApiError) {
    const hint = apiHint(error);
    return {
      code: EXIT.failed,
      message: hint ? `${error.message}\nHint: ${hint}` : error.message,
      showHelp: false,
    };
  }
  if (error instanceof ContractError) {
    return {
      code: EXIT.failed,
      message:
        `${error.message}\nHint: the answer does not follow the CI Service API v3; ` +
        'check that --base-url points at such a server.',
      showHelp: false,
    };
  }
  const message = messageOf(error);
  const hint = error instanceof Error ? (error as { hint?: unknown }).hint : undefined;
  return {
    code: EXIT.failed,
    message: typeof hint === 'string' && hint ? `${message} ${hint}` : message,
    showHelp: false,
  };
}

function apiHint(error: ApiError): string | undefined {
  if (error.status === 401) {
    return 'pass the token with --token-file or the CI_RUN_TOKEN environment variable.';
  }
  if (error.kind === 'network') {
    return 'check --base-url and that the server is reachable (a proxy is taken from HTTPS_PROXY / NO_PROXY).';
  }
  if (error.kind === 'timeout') return 'the server did not answer in time; try again later.';
  return undefined;
}
