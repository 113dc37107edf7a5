// The port's decorators (the flow's bounds, the shared rate limit) each see every call with its
// options, whatever the call. Every call of `CiApi` takes its `CallOptions` last; the table below says
// where that is, and the compiler holds it to the signatures, so a new call is one line here and no
// decorator counts argument positions.
import type { CallOptions, CiApi } from './api-port.ts';

/** Every call of the port (all of it but its two facts). */
export type CallName = Exclude<keyof CiApi, 'apiUrl' | 'pageSize'>;

/** The index of a call's last parameter, which must take CallOptions. */
type OptionsIndex<F> = F extends (...args: infer A) => unknown
  ? Required<A> extends [...infer Before, CallOptions]
    ? Before['length']
    : never
  : never;

const OPTIONS_AT: { readonly [K in CallName]: OptionsIndex<CiApi[K]> } = {
  getApplication: 2,
  listPipelines: 3,
  listRuns: 1,
  getRun: 1,
  getRunSteps: 1,
  triggerRun: 1,
  abortRun: 1,
  listBuilds: 3,
  getBuild: 1,
  triggerBuild: 1,
  abortBuild: 1,
  listWorkflows: 1,
  getWorkflow: 1,
  openStepLog: 1,
  readStepLog: 2,
  readArtifact: 2,
};

/**
 * What a decorator does around one call: it may wait, refuse, or change the options, and then `go`es
 * with the options the call is to be made with.
 */
export type Around = (
  name: CallName,
  call: CallOptions | undefined,
  go: (call: CallOptions | undefined) => Promise<unknown>,
) => Promise<unknown>;

/** The port with every call passed through `around`. */
export function aroundCalls(client: CiApi, around: Around): CiApi {
  const decorated: Record<string, unknown> = { apiUrl: client.apiUrl, pageSize: client.pageSize };
  for (const [name, at] of Object.entries(OPTIONS_AT) as Array<[CallName, number]>) {
    const method = client[name] as (...args: unknown[]) => Promise<unknown>;
    decorated[name] = (...args: unknown[]) =>
      around(name, args[at] as CallOptions | undefined, (call) => {
        const sent = [...args];
        sent[at] = call;
        return method.apply(client, sent);
      });
  }
  return decorated as unknown as CiApi;
}
