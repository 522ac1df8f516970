import { describe, expect, it } from 'vitest';
import { tooManyRequestsMessage } from './too-many-requests';

describe('tooManyRequestsMessage', () => {
  it('says how long to wait', () => {
    expect(tooManyRequestsMessage(42)).toBe('Too many requests. Please try again in 42 seconds.');
    expect(tooManyRequestsMessage(0.2)).toBe('Too many requests. Please try again in 1 second.');
    expect(tooManyRequestsMessage(119)).toBe('Too many requests. Please try again in 119 seconds.');
    expect(tooManyRequestsMessage(899)).toBe('Too many requests. Please try again in 15 minutes.');
  });
});
