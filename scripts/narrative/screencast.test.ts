import { describe, expect, it } from 'vitest';
import { playedSeconds } from './screencast';

describe('playedSeconds', () => {
  const segments = [
    { start: 0, end: 2, speed: 'cut' as const },
    { start: 2, end: 10, speed: 1 },
    { start: 10, end: 30, speed: 4 },
  ];

  it('drops cut stretches, keeps normal ones and divides sped-up ones', () => {
    expect(playedSeconds(segments, 0, 2)).toBe(0);
    expect(playedSeconds(segments, 3, 5)).toBe(2);
    expect(playedSeconds(segments, 10, 30)).toBe(5);
    expect(playedSeconds(segments, 1, 14)).toBe(9);
  });
});

describe('Timeline', () => {
  it('cuts the recording until the script first sets a speed (the blank page loading)', async () => {
    const { Timeline } = await import('./video');
    const timeline = new Timeline();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const settled = timeline.now();
    timeline.set(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const segments = timeline.finish();
    expect(playedSeconds(segments, 0, settled)).toBe(0);
    expect(playedSeconds(segments, settled, timeline.now())).toBeGreaterThan(0.05);
  });
});

describe('Timeline.cutSince', () => {
  it('turns everything since a moment into a cut, whatever speeds were set meanwhile', async () => {
    const { Timeline } = await import('./video');
    const timeline = new Timeline();
    const at = timeline.now();
    timeline.set(4);
    timeline.cutSince(at);
    const segments = timeline.finish();
    expect(segments.every((segment) => segment.start < at || segment.speed === 'cut')).toBe(true);
  });
});
