// The policy's own time line, built from the wall-clock times of poll answers. A wall clock may jump
// (NTP corrections, a suspended VM): a step backwards, or far longer than the wait that was asked
// for, is taken as the wait that was asked for, so one jump cannot make a run look hours old.

export interface SteadyTime {
  /** Maps a wall-clock answer time (ms) to policy time (ms since the first answer). */
  advance(at: number, expectedGap: number): number;
}

export function createSteadyTime(jumpTolerance: number): SteadyTime {
  let lastWall: number | undefined;
  let now = 0;
  return {
    advance(at, expectedGap) {
      if (lastWall !== undefined && Number.isFinite(at)) {
        const gap = at - lastWall;
        now += gap >= 0 && gap <= expectedGap + jumpTolerance ? gap : expectedGap;
      }
      if (Number.isFinite(at)) lastWall = at;
      return now;
    },
  };
}
