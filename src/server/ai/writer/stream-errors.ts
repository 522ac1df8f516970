import { APICallError, RetryError } from 'ai';

/** What the user reads when a model call fails mid-stream (shown after 'Error: ' in the UI). */
export function streamFailureMessage(error: unknown): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause) && cause.statusCode === 429) {
    return 'The AI provider is busy (rate limit). Please try again in a moment.';
  }
  return 'Failed to generate content. Please try again.';
}
