/** 001 §9: the first poll after 3 s, backing off to 30 s on errors, stopping after 3 × 404. */
export const FIRST_POLL_MS = 3_000;
export const MAX_POLL_MS = 30_000;
export const NOT_FOUND_LIMIT = 3;

export const JOB_NOT_FOUND = 'The writing job was not found. It may have been deleted or expired.';

/** The wait before the next poll after `failures` failed polls in a row (0: all went well). */
export function nextPollDelay(failures: number): number {
  return Math.min(FIRST_POLL_MS * 2 ** Math.max(0, failures), MAX_POLL_MS);
}
