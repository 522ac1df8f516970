import type { RewriteSectionRow } from '../ai/rewrite-paper/rewrite-store';

/** A rewrite section as GET /api/paper-rewrite/sections answers it (001 §7: citations a JSON string). */
export function presentRewriteSection(section: RewriteSectionRow) {
  return {
    section_index: section.sectionIndex,
    section_number: section.sectionNumber,
    section_title: section.sectionTitle,
    section_level: section.sectionLevel,
    task_type: section.taskType,
    status: section.status,
    original_content: section.originalContent,
    content: section.content,
    citations: JSON.stringify(section.citations),
    removed_citations: section.removedCitations,
    error: section.error,
  };
}
