// Input problems are collected, not thrown one by one, so that a user fixes every mistake in one go.

export interface InputProblem {
  /** The action input to change (the first of `inputs` when several are involved). */
  input: string;
  /** What is wrong and what is allowed. */
  message: string;
  /** How to fix it. */
  hint: string;
  /** Every input involved, when the problem is a combination of inputs. */
  inputs?: string[];
}

export class SettingsError extends Error {
  override name = 'SettingsError';
  problems: InputProblem[];

  constructor(problems: InputProblem[]) {
    super(formatProblems(problems));
    this.problems = problems;
  }
}

function formatProblem(problem: InputProblem): string {
  const names = problem.inputs ?? [problem.input];
  const label = names.length === 1 ? 'Input' : 'Inputs';
  return `${label} ${joinWithAnd(names.map((name) => `\`${name}\``))}: ${problem.message} Fix: ${problem.hint}`;
}

function formatProblems(problems: InputProblem[]): string {
  if (problems.length === 1 && problems[0]) return formatProblem(problems[0]);
  return [
    `${problems.length} problems with the inputs:`,
    ...problems.map((p) => `- ${formatProblem(p)}`),
  ].join('\n');
}

export class Problems {
  readonly list: InputProblem[] = [];

  add(input: string, message: string, hint: string): void {
    this.list.push({ input, message, hint });
  }

  addCombination(inputs: [string, ...string[]], message: string, hint: string): void {
    this.list.push({ input: inputs[0], inputs, message, hint });
  }

  /**
   * What `read` returns, or undefined once its error is added as a problem of `input`. Only an error of
   * the `expected` class is the user's mistake; any other is a bug and propagates.
   */
  parse<T, E extends Error>(
    input: string,
    expected: new (...args: never[]) => E,
    read: () => T,
    explain: (error: E) => [message: string, hint: string],
  ): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof expected)) throw error;
      this.add(input, ...explain(error));
      return undefined;
    }
  }
}

/** A user's value, quoted for a message: JSON quoting shows hidden characters, and long values are cut. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
