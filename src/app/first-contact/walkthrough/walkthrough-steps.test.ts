import { describe, expect, it } from 'vitest';
import {
  WALKTHROUGH_STEPS,
  describeSteps,
  missingScreenshotsWarning,
  nextAvailable,
} from './walkthrough-steps';

const only = (...indexes: number[]) =>
  describeSteps(WALKTHROUGH_STEPS.map((_, index) => indexes.includes(index)));

describe('walkthrough steps', () => {
  it('has the 16 steps of the spec, each with a file under /narrative/', () => {
    const steps = only();
    expect(steps).toHaveLength(16);
    expect(steps[0]).toMatchObject({
      fileName: '01-add-paper.webp',
      publicPath: '/narrative/01-add-paper.webp',
      available: false,
    });
    expect(steps[15]?.fileName).toBe('16-export.webp');
  });

  it('moves among available steps only, going round both ways', () => {
    const steps = only(1, 4, 12);
    expect(nextAvailable(steps, 1, 1)).toBe(4);
    expect(nextAvailable(steps, 12, 1)).toBe(1);
    expect(nextAvailable(steps, 1, -1)).toBe(12);
    expect(nextAvailable(steps, 4, -1)).toBe(1);
    expect(nextAvailable(only(7), 7, 1)).toBe(7);
  });

  it('warns with the count of missing screenshots, or that all or none are there', () => {
    expect(missingScreenshotsWarning(only(1, 4, 12))).toBe(
      '13 of 16 walkthrough screenshots are missing.',
    );
    expect(missingScreenshotsWarning(only())).toBe('All walkthrough screenshots are missing.');
    expect(missingScreenshotsWarning([])).toBe('No walkthrough steps are configured.');
    expect(missingScreenshotsWarning(only(...WALKTHROUGH_STEPS.map((_, i) => i)))).toBeNull();
  });
});
