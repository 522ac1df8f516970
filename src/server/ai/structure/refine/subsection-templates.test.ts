import { describe, expect, it } from 'vitest';
import { templateSubsections } from './subsection-templates';

describe('templateSubsections', () => {
  it('expands a heading by its own role, with the topic in each purpose', () => {
    const subsections = templateSubsections('2 Materials and Methods', 'Sleep and memory');
    expect(subsections.map((s) => s.title)).toEqual([
      'Study Design',
      'Data and Materials',
      'Analysis Procedure',
    ]);
    for (const subsection of subsections) expect(subsection.purpose).toContain('Sleep and memory');
  });

  it('names the generic subsections after a heading without a role', () => {
    expect(templateSubsections('Key Concepts', 'Sleep').map((s) => s.title)).toEqual([
      'Foundations of Key Concepts',
      'Current Research on Key Concepts',
      'Open Questions on Key Concepts',
    ]);
  });
});
