// Shapes shared by the fake's parts.
import type { Store } from './store.ts';

/** Where the fake lives: `api` is the base URL clients use (origin, or origin + /api/v3 for GHES). */
export interface Urls {
  origin: string;
  api: string;
  web: string;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as is (not JSON), with this content type. */
  contentType?: string;
}

export type ViolationKind =
  | 'not-implemented'
  | 'unauthenticated'
  | 'malformed-json'
  | 'request-schema'
  | 'unknown-field'
  | 'github-rule'
  | 'response-schema';

export interface Violation {
  kind: ViolationKind;
  method: string;
  path: string;
  operationId?: string;
  message: string;
  /** The validator's own errors, when a schema refused. */
  errors?: readonly unknown[];
}

export interface RecordedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The query string, '' or starting with '?'. */
  query: string;
  operationId?: string;
  /** The token the request carried (after `token ` or `Bearer `); undefined when none. */
  token?: string;
  /** Parsed JSON, the raw text when it was not JSON, or undefined when there was no body. */
  body?: unknown;
  /** The status answered; undefined while in flight, and for a lost response. */
  status?: number;
  /** The injected fault that answered, if any. */
  fault?: string;
  lost?: boolean;
}

/** One validated call, as the operation handlers see it. */
export interface OperationCall {
  operationId: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The absolute request URL, for pagination links. */
  url: URL;
}

export interface HandlerContext {
  store: Store;
  urls: Urls;
  call: OperationCall;
  /** The operation's documentation URL, for error bodies. */
  docs: string;
}

export type OperationHandler = (context: HandlerContext) => FakeResponse;
