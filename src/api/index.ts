// The API v3 client's public surface.

export {
  ApiClient,
  createDispatcher,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUTS,
  DEFAULT_USER_AGENT,
  normaliseApiUrl,
  paginate,
  type CallOptions,
  type ClientOptions,
  type RetryPolicy,
  type Timeouts,
} from './client.ts';
export {
  ApiError,
  ContractError,
  RequestValidationError,
  TriggerOutcomeUnknownError,
  type ApiErrorKind,
} from './errors.ts';
export { parseTimestamp } from './parse.ts';
export { proxyForUrl } from './proxy.ts';
export * from './types.ts';
