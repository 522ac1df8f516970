import { assessCertainty } from '../../shared/citations/score';
import { citingSentences } from '../ai/check/claims';
import type { RewriteSectionRow } from '../ai/rewrite-paper/rewrite-store';

/** Sentences of the rewritten text citing a work whose check came out weak (000 §5's warning). */
function weakSentences(section: RewriteSectionRow) {
  const weak = new Set(
    (section.citations as { refId?: unknown; certainty?: number | null }[])
      .filter((work) => typeof work.refId === 'string' && assessCertainty(work.certainty).warning)
      .map((work) => work.refId as string),
  );
  if (weak.size === 0) return [];
  return citingSentences(section.content).flatMap((sentence) => {
    const refIds = sentence.refIds.filter((refId) => weak.has(refId));
    return refIds.length > 0 ? [{ sentence: sentence.sentence, refIds }] : [];
  });
}

/**
 * A rewrite section as GET /api/paper-rewrite/sections answers it (001 §7: citations a JSON
 * string), with what the user should check before saving: the sentences whose citations came
 * out weak and how many citations were removed.
 */
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
    weak_sentences: weakSentences(section),
    error: section.error,
  };
}
