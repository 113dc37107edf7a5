// The world file: the users, organisations, applications, pipelines and past activity the emulator
// starts with. `--world` loads one from JSON; `parseWorldFile` checks it and names what is wrong.
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';

const hexId = v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/, 'must be 24 lowercase hex characters'));
const timestamp = v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 timestamp'));
const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
const ms = v.pipe(v.number(), v.integer(), v.minValue(0));

const StepSchema = v.strictObject({
  name,
  ms: v.optional(ms),
  fails: v.optional(v.boolean()),
  artifacts: v.optional(v.boolean()),
  logLines: v.optional(v.pipe(ms, v.maxValue(1_000_000_000))),
  logBytes: v.optional(v.pipe(ms, v.maxValue(Number.MAX_SAFE_INTEGER))),
});

const PipelineSchema = v.strictObject({
  id: v.optional(hexId),
  name,
  type: v.optional(v.string()),
  permissions: v.optional(v.string()),
  setScmProviderStatus: v.optional(v.boolean()),
  createdAt: v.optional(timestamp),
  queueMs: v.optional(ms),
  steps: v.optional(v.array(StepSchema)),
  chains: v.optional(v.array(name)),
});

const CommitSchema = v.strictObject({
  commitHash: v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/, 'must be 40 lowercase hex characters')),
  message: v.string(),
});

const ApplicationSchema = v.strictObject({
  id: v.optional(hexId),
  owner: name,
  name,
  stack: v.picklist([1, 5, 6]),
  privacy: v.picklist(['public', 'private']),
  createdAt: v.optional(timestamp),
  updatedAt: v.optional(timestamp),
  defaultBranch: v.optional(name),
  ignoredBranches: v.optional(v.pipe(v.array(v.string()), v.maxLength(10))),
  branches: v.optional(v.record(v.string(), CommitSchema)),
  pipelines: v.optional(v.array(PipelineSchema)),
  buildSteps: v.optional(v.array(StepSchema)),
  queueMs: v.optional(ms),
  autoDeploy: v.optional(v.boolean()),
  deploySteps: v.optional(v.array(StepSchema)),
});

const EnvVarSchema = v.strictObject({ key: name, value: v.string() });

const HistoryEntrySchema = v.strictObject({
  application: v.pipe(v.string(), v.regex(/^[^/]+\/[^/]+$/, 'must be "owner/name"')),
  pipeline: v.optional(name),
  agoMs: ms,
  user: v.optional(name),
  branch: v.optional(name),
  commitHash: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{40}$/))),
  message: v.optional(v.string()),
  envVars: v.optional(v.array(EnvVarSchema)),
  abortAfterMs: v.optional(ms),
});

const WorldFileSchema = v.strictObject({
  startAt: v.optional(timestamp),
  users: v.array(
    v.strictObject({
      id: v.optional(hexId),
      username: name,
      name: v.optional(v.string()),
      token: v.optional(name),
      serviceEmployee: v.optional(v.boolean()),
    }),
  ),
  organizations: v.optional(
    v.array(
      v.strictObject({
        id: v.optional(hexId),
        username: name,
        name: v.optional(v.string()),
        members: v.array(name),
      }),
    ),
  ),
  applications: v.array(ApplicationSchema),
  history: v.optional(v.array(HistoryEntrySchema)),
});

export type WorldFile = v.InferOutput<typeof WorldFileSchema>;
export type WorldApplication = v.InferOutput<typeof ApplicationSchema>;
export type WorldPipeline = v.InferOutput<typeof PipelineSchema>;
export type WorldHistoryEntry = v.InferOutput<typeof HistoryEntrySchema>;

/** Checks the shape of a world; throws an Error listing every problem with its path. */
export function parseWorldFile(input: unknown): WorldFile {
  const parsed = v.safeParse(WorldFileSchema, input);
  if (parsed.success) return parsed.output;
  const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`invalid world file:\n  ${problems.join('\n  ')}`);
}

export async function loadWorldFile(path: string): Promise<WorldFile> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseWorldFile(json);
}
