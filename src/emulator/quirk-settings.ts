// Quirks as they are asked for (at start, from the command line, over the control API) applied to the
// quirks in force: unknown keys are ignored, and `realNames` is read as the shape it stood for.
import { NO_QUIRKS, QUIRK_NAMES, SHAPES, type Quirks, type QuirkSettings, type Shape } from './types.ts';

export function isShape(value: unknown): value is Shape {
  return SHAPES.some((shape) => shape === value);
}

/**
 * `realNames: true` is `shape: "2017"`; `realNames: false` leaves the 2017 shape for `spec` and any other
 * shape as it is. A `shape` given alongside wins.
 */
export function applyQuirks(current: Quirks, input: QuirkSettings): Quirks {
  const next: Quirks = { ...current };
  for (const name of QUIRK_NAMES) {
    const value = input[name];
    if (value !== undefined) next[name] = Boolean(value);
  }
  if (input.realNames === true) next.shape = '2017';
  else if (input.realNames === false && next.shape === '2017') next.shape = 'spec';
  if (isShape(input.shape)) next.shape = input.shape;
  return next;
}

/** The quirks a start option asks for, from all off. */
export function initialQuirks(input: QuirkSettings | undefined): Quirks {
  return applyQuirks(NO_QUIRKS, input ?? {});
}
