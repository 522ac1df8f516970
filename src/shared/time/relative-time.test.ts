import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59_000), 'Just now'],
    [ago(60_000), '1 min ago'],
    [ago(59 * 60_000), '59 min ago'],
    [ago(60 * 60_000), '1 hour ago'],
    [ago(5 * 3_600_000), '5 hours ago'],
    [ago(48 * 3_600_000), '2026-02-27'],
  ])('%s → %s', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it('treats a clock skew into the future as just now', () => {
    expect(relativeTime(ago(-30_000), now)).toBe('Just now');
  });
});
