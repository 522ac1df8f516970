import { locateSection } from '../../../shared/ai/locate-section';
import { replaceSectionBody, splitSections } from '../../../shared/document/sections';
import type { WritingJobSection } from './api/writing-api';

export interface AppliedResult {
  markdown: string;
  /** Titles of written sections no longer found in the paper (its headings were changed). */
  missing: string[];
}

/**
 * The paper with each completed section's text in place of that section's body. Sections are
 * found by index (checked against their heading) and written from the last to the first, so a
 * text that brings headings of its own does not move the sections still to be written.
 */
export function applyWrittenSections(
  markdown: string,
  written: readonly WritingJobSection[],
): AppliedResult {
  const completed = written
    .filter((section) => section.status === 'completed' && section.content.trim() !== '')
    .sort((a, b) => b.sectionIndex - a.sectionIndex);
  let result = markdown;
  const missing: string[] = [];
  for (const section of completed) {
    const index = locateSection(splitSections(result), section);
    const next = index >= 0 ? replaceSectionBody(result, index, section.content) : null;
    if (next === null) missing.push(section.sectionTitle);
    else result = next;
  }
  return { markdown: result, missing };
}
