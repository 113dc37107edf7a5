// Lists the CI Service API v3 specification fixes, shared by the client and the emulator: they implement
// the two sides of one spec, and neither may import the other.

/** The orders of the lists sorted by creation date (runs, workflows, builds, deploys). */
export const CREATION_SORTS = ['creationDateAsc', 'creationDateDesc'] as const;

/** The orders of the applications list. */
export const APPLICATION_SORTS = [
  'nameAsc',
  'nameDesc',
  'createdAtAsc',
  'createdAtDesc',
  'updatedAtAsc',
  'updatedAtDesc',
] as const;
