/** What went wrong, as text, for anything that was thrown or used as a rejection reason. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
