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
    for (const subsection of subsections)
      expect(subsection.purpose).toContain('“Sleep and memory”');
  });

  it('expands Limitations into its own parts, not the Discussion’s', () => {
    const discussion = templateSubsections('Discussion', 'Sleep').map((s) => s.title);
    const limitations = templateSubsections('Limitations', 'Sleep').map((s) => s.title);
    expect(limitations).toEqual([
      'Limitations of the Design',
      'Limitations of the Data',
      'Effect on the Conclusions',
    ]);
    expect(limitations.filter((title) => discussion.includes(title))).toEqual([]);
  });

  it('names the generic subsections after a heading without a role', () => {
    expect(templateSubsections('Key Concepts', 'Sleep').map((s) => s.title)).toEqual([
      'Foundations of Key Concepts',
      'Current Research on Key Concepts',
      'Open Questions on Key Concepts',
    ]);
  });

  it('names the subsections of a heading with its parent’s role after the heading', () => {
    expect(
      templateSubsections('Synthesis of Findings', 'Sleep', 'Results').map((s) => s.title),
    ).toEqual([
      'Foundations of Synthesis of Findings',
      'Current Research on Synthesis of Findings',
      'Open Questions on Synthesis of Findings',
    ]);
    expect(templateSubsections('Results', 'Sleep', 'Sleep').map((s) => s.title)).toContain(
      'Main Findings',
    );
  });
});
