/** True when `error` (or one of its causes: drivers and Drizzle wrap it) is PostgreSQL's 23505. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
