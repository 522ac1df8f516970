import { describe, expect, it } from 'vitest';
import { CHAT_TEXT } from './chat-texts';

describe('the chat job failure text (002 §4)', () => {
  it("is 'Sorry, there was an error: ' and the job's error, or 'Unknown error' without one", () => {
    expect(CHAT_TEXT.jobFailed('Failed to generate content. Please try again.')).toBe(
      'Sorry, there was an error: Failed to generate content. Please try again.',
    );
    expect(CHAT_TEXT.jobFailed(null)).toBe('Sorry, there was an error: Unknown error');
  });
});
