/**
 * Where a section's body is among the document's top-level blocks. A section is named as the
 * AI features name it (its index in `splitSections`, checked against its heading's title and
 * level by `locateSection`), and its body is the run of top-level blocks after its heading up
 * to the next top-level heading, as `splitSections` cuts the markdown.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { locateSection, type PlannedPlace } from '../locate-section';
import { serializeMarkdown } from '../../document/schema';
import { sectionIndexOfHeading, splitSections } from '../../document/sections';

export interface SectionRange {
  /** The section's index in `splitSections` of the document now. */
  sectionIndex: number;
  /** Top-level child index of the section's heading. */
  heading: number;
  /** Top-level child indexes [from, to) of its body. */
  from: number;
  to: number;
}

const HEADING = 'numberedHeading';

/** The section's body range in `doc`, or null when the section is no longer in the paper. */
export function sectionRange(doc: ProseMirrorNode, place: PlannedPlace): SectionRange | null {
  const sections = splitSections(serializeMarkdown(doc));
  const sectionIndex = locateSection(sections, place);
  if (sectionIndex < 0) return null;
  const headings: number[] = [];
  doc.forEach((child, _offset, index) => {
    if (child.type.name === HEADING) headings.push(index);
  });
  // The inverse of sectionIndexOfHeading: which top-level heading starts this section.
  const ordinal = headings.findIndex(
    (_heading, candidate) => sectionIndexOfHeading(sections, candidate) === sectionIndex,
  );
  const heading = headings[ordinal];
  if (heading === undefined) return null;
  return {
    sectionIndex,
    heading,
    from: heading + 1,
    to: headings[ordinal + 1] ?? doc.childCount,
  };
}
