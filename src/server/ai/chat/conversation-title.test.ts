import { describe, expect, it } from 'vitest';
import { conversationTitle } from './conversation-title';

describe('conversationTitle', () => {
  it('keeps a short question and cuts a long one at a word', () => {
    expect(conversationTitle('  Does sleep   help memory? ')).toBe('Does sleep help memory?');
    expect(
      conversationTitle(
        'Are articles that are freely available online cited more often than articles behind paywalls?',
      ),
    ).toBe('Are articles that are freely available online cited more…');
    expect(conversationTitle('')).toBe('New conversation');
  });
});
