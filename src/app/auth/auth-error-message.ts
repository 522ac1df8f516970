/**
 * The sentence to show for a failed auth call. The server answers `{error}` like every other
 * route (better-auth's client spreads that body into its error object); `message` is what
 * better-auth's client itself fills in when the request never got an answer.
 */
export function authErrorMessage(error: { error?: unknown; message?: unknown }): string {
  if (typeof error.error === 'string' && error.error) return error.error;
  if (typeof error.message === 'string' && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
