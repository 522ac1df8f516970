import { DEFAULT_REWRITE_INSTRUCTION } from '../../shared/ai/rewrite-presets';
import { applySectionMergeToDoc } from '../../shared/ai/section-merge/apply-section-merge';
import { mergeSection } from '../../shared/ai/section-merge/merge-section';
import { parseMarkdown, serializeMarkdown } from '../../shared/document/schema';
import { splitSections } from '../../shared/document/sections';
import type { StartRewriteBody } from './api/paper-rewrite-api';

/** A section of the tree: the paper's numbered sections (001 §9: headings ## to #####). */
export interface TreeSection {
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  sectionLevel: number;
  contentMarkdown: string;
  references: string[];
  /** 001 §5: a section without body text is not rewritten. */
  empty: boolean;
}

/** A section's task as the custom-instruction button edits it (001 §9 defaults). */
export interface SectionTask {
  instructions: string;
  enableLiteratureSearch: boolean;
}

export const DEFAULT_TASK: SectionTask = {
  instructions: DEFAULT_REWRITE_INSTRUCTION,
  enableLiteratureSearch: true,
};

export function treeSections(markdown: string): TreeSection[] {
  return splitSections(markdown).flatMap((section, sectionIndex) =>
    section.sectionNumber && section.sectionLevel >= 2 && section.sectionLevel <= 5
      ? [
          {
            sectionIndex,
            sectionNumber: section.sectionNumber,
            sectionTitle: section.sectionTitle,
            sectionLevel: section.sectionLevel,
            contentMarkdown: section.contentMarkdown,
            references: section.references,
            empty: section.contentMarkdown.trim() === '',
          },
        ]
      : [],
  );
}

/** POST /api/paper-rewrite/start for the selected sections, each with its task. */
export function startBody(input: {
  paper: { id: string; type: string };
  sections: readonly TreeSection[];
  selected: ReadonlySet<number>;
  tasks: ReadonlyMap<number, SectionTask>;
  allReferences: unknown[];
  filters?: unknown;
  selectedModel?: string | null | undefined;
}): StartRewriteBody {
  const sections = input.sections.map((section) => {
    const task = input.tasks.get(section.sectionIndex) ?? DEFAULT_TASK;
    const custom = task.instructions.trim() !== DEFAULT_TASK.instructions;
    return {
      sectionIndex: section.sectionIndex,
      sectionNumber: section.sectionNumber,
      sectionTitle: section.sectionTitle,
      contentMarkdown: section.contentMarkdown,
      references: section.references,
      shouldRewrite: input.selected.has(section.sectionIndex) && !section.empty,
      customInstructions: custom ? task.instructions.trim() : '',
      enableLiteratureSearch: task.enableLiteratureSearch,
    };
  });
  return {
    paperId: input.paper.id,
    paperType: input.paper.type,
    sections,
    tasks: sections
      .filter((section) => section.shouldRewrite)
      .map((section) => ({
        sectionIndex: section.sectionIndex,
        sectionNumber: section.sectionNumber,
        type: section.customInstructions ? 'rewrite_custom' : 'rewrite_enrich',
        customInstructions: section.customInstructions,
        enableLiteratureSearch: section.enableLiteratureSearch,
      })),
    allReferences: input.allReferences,
    ...(input.filters ? { filters: input.filters } : {}),
    ...(input.selectedModel ? { selectedModel: input.selectedModel } : {}),
  };
}

export interface RewriteResult {
  sectionIndex: number;
  originalContent: string;
  content: string;
}

/**
 * The paper as Save will make it: each rewritten section merged against its body when the
 * rewrite started, as the server merges it (`shared/ai/section-merge`), so text typed since
 * stays beside the new text. A section whose heading is gone is reported and left alone.
 */
export function applyRewrites(
  markdown: string,
  results: readonly RewriteResult[],
): { markdown: string; skipped: number[] } {
  let next = markdown;
  const skipped: number[] = [];
  for (const result of results) {
    const section = splitSections(next)[result.sectionIndex];
    const doc = parseMarkdown(next);
    const outcome = section
      ? mergeSection({
          doc,
          place: {
            sectionIndex: result.sectionIndex,
            sectionTitle: section.sectionTitle,
            sectionLevel: section.sectionLevel,
          },
          baseMarkdown: result.originalContent,
          newMarkdown: result.content,
        })
      : ({ status: 'missing' } as const);
    if (outcome.status === 'merged') {
      next = serializeMarkdown(applySectionMergeToDoc(doc, outcome.merge));
    } else if (outcome.status === 'missing') {
      skipped.push(result.sectionIndex);
    }
  }
  return { markdown: next, skipped };
}

/** The paper's citations with the rewritten sections' works added (a newer check wins). */
export function mergeCitations(
  stored: readonly unknown[],
  added: readonly { refId: string }[],
): unknown[] {
  const byRefId = new Map<string, unknown>();
  const others: unknown[] = [];
  for (const entry of stored) {
    const refId = (entry as { refId?: unknown } | null)?.refId;
    if (typeof refId === 'string') byRefId.set(refId, entry);
    else others.push(entry);
  }
  for (const work of added) byRefId.set(work.refId, work);
  return [...others, ...byRefId.values()];
}
