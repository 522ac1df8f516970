import { describe, expect, it } from 'vitest';
import { SourceHealth } from './source-health';

describe('SourceHealth', () => {
  let now = 0;
  const health = () => new SourceHealth({ backoffMs: 1000, maxBackoffMs: 3000 }, () => now);

  it('skips a source that stopped answering until its back-off ends, then allows one probe', () => {
    now = 0;
    const sources = health();
    expect(sources.skipped('openalex')).toBeNull();
    expect(sources.failed('openalex', 'unreachable')).toBe(true);
    expect(sources.skipped('openalex')).toBe('unreachable');
    expect(sources.claimProbe('openalex')).toBe(false);
    now = 1000;
    expect(sources.claimProbe('openalex')).toBe(true);
    // One probe at a time, and the source stays skipped while it runs.
    expect(sources.claimProbe('openalex')).toBe(false);
    expect(sources.skipped('openalex')).toBe('unreachable');
    expect(sources.answered('openalex')).toBe(true);
    expect(sources.skipped('openalex')).toBeNull();
    expect(sources.answered('openalex')).toBe(false);
  });

  it('doubles the back-off after each failed probe, up to its maximum', () => {
    now = 0;
    const sources = health();
    sources.failed('arxiv', 'timeout');
    const probeAfter = (wait: number) => {
      now += wait - 1;
      const early = sources.claimProbe('arxiv');
      now += 1;
      const due = sources.claimProbe('arxiv');
      // The probe failed again: not news worth another log line.
      expect(sources.failed('arxiv', 'timeout')).toBe(false);
      return [early, due];
    };
    expect(probeAfter(1000)).toEqual([false, true]);
    expect(probeAfter(2000)).toEqual([false, true]);
    expect(probeAfter(3000)).toEqual([false, true]);
    expect(probeAfter(3000)).toEqual([false, true]);
  });
});
