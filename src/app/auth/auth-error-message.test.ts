import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error-message';

describe('authErrorMessage', () => {
  it("shows the server's {error} text", () => {
    expect(authErrorMessage({ error: 'Invalid email or password', message: undefined })).toBe(
      'Invalid email or password',
    );
  });

  it('falls back to the client’s own message, then to a generic one', () => {
    expect(authErrorMessage({ message: 'Failed to fetch' })).toBe('Failed to fetch');
    expect(authErrorMessage({})).toBe('Something went wrong. Please try again.');
  });
});
