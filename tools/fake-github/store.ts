// The fake's memory: repositories (made on first use), commit statuses, check runs, deployments and their
// statuses, and the refs it can resolve. Ids start past 2^32 where GitHub's have, so int64 handling is exercised.

export interface RepoRecord {
  owner: string;
  ownerId: number;
  name: string;
  id: number;
  fullName: string;
}

export interface StatusRecord {
  id: number;
  repo: RepoRecord;
  sha: string;
  state: string;
  description: string | null;
  targetUrl: string | null;
  context: string;
  createdAt: string;
}

export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: string;
  message: string;
  title?: string;
  raw_details?: string;
}

export interface CheckRunRecord {
  id: number;
  repo: RepoRecord;
  suiteId: number;
  headSha: string;
  name: string;
  status: string;
  conclusion: string | null;
  startedAt: string | null;
  completedAt: string | null;
  detailsUrl: string | null;
  externalId: string;
  output: { title: string | null; summary: string | null; text: string | null };
  annotations: Annotation[];
}

export interface DeploymentRecord {
  id: number;
  repo: RepoRecord;
  sha: string;
  ref: string;
  task: string;
  payload: unknown;
  environment: string;
  originalEnvironment: string;
  description: string | null;
  transient: boolean;
  production: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DeploymentStatusRecord {
  id: number;
  deploymentId: number;
  state: string;
  description: string;
  environment: string;
  logUrl: string;
  environmentUrl: string;
  createdAt: string;
}

const FULL_SHA = /^[0-9a-f]{40}$/i;

export class Store {
  readonly statuses: StatusRecord[] = [];
  readonly checkRuns: CheckRunRecord[] = [];
  readonly deployments: DeploymentRecord[] = [];
  readonly deploymentStatuses: DeploymentStatusRecord[] = [];
  readonly #repos = new Map<string, RepoRecord>();
  readonly #owners = new Map<string, number>();
  readonly #suites = new Map<string, number>();
  readonly #refs = new Map<string, string>();
  readonly #next: Record<IdKind, number> = {
    owner: 90_000_001,
    repo: 700_000_001,
    status: 30_000_000_001,
    checkRun: 40_000_000_001,
    suite: 25_000_000_001,
    deployment: 2_500_000_001,
    deploymentStatus: 20_000_000_001,
  };
  readonly #clock: () => Date;

  constructor(clock: () => Date = () => new Date()) {
    this.#clock = clock;
  }

  /** GitHub's timestamps: ISO 8601, whole seconds, Z. */
  now(): string {
    return this.#clock()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z');
  }

  nextId(kind: IdKind): number {
    const id = this.#next[kind];
    this.#next[kind] += 1;
    return id;
  }

  repo(owner: string, name: string): RepoRecord {
    const key = `${owner}/${name}`.toLowerCase();
    let repo = this.#repos.get(key);
    if (!repo) {
      let ownerId = this.#owners.get(owner.toLowerCase());
      if (ownerId === undefined) {
        ownerId = this.nextId('owner');
        this.#owners.set(owner.toLowerCase(), ownerId);
      }
      repo = { owner, ownerId, name, id: this.nextId('repo'), fullName: `${owner}/${name}` };
      this.#repos.set(key, repo);
    }
    return repo;
  }

  /** One check suite per repository, commit and app (the fake has one app). */
  suiteId(repo: RepoRecord, sha: string): number {
    const key = `${repo.id}:${sha}`;
    let id = this.#suites.get(key);
    if (id === undefined) {
      id = this.nextId('suite');
      this.#suites.set(key, id);
    }
    return id;
  }

  setRef(ref: string, sha: string): void {
    if (!FULL_SHA.test(sha)) throw new RangeError(`not a full commit sha: ${sha}`);
    this.#refs.set(normaliseRef(ref), sha.toLowerCase());
  }

  /** A full sha stands for itself; a branch or tag name (bare, heads/x or refs/heads/x) set with setRef. */
  resolve(ref: string): string | undefined {
    if (FULL_SHA.test(ref)) return ref.toLowerCase();
    return this.#refs.get(normaliseRef(ref));
  }
}

type IdKind = 'owner' | 'repo' | 'status' | 'checkRun' | 'suite' | 'deployment' | 'deploymentStatus';

function normaliseRef(ref: string): string {
  return ref.replace(/^refs\//, '').replace(/^(heads|tags)\//, '');
}
