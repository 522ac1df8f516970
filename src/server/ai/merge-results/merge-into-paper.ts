/**
 * Saving AI results into a paper (issue 32 item 4): each result replaces only what its section
 * held when the job began, through the section merge of `shared/ai/section-merge`, in one
 * transaction on the paper's live document, so text anyone typed since stays next to the new
 * text and open editors see the change at once. Then the save records a version in the
 * history (the spec's Save) with the works the results cite added to the paper's citations.
 */
import type { PlannedPlace } from '../../../shared/ai/locate-section';
import {
  fragmentDocument,
  mergeSectionIntoFragment,
} from '../../../shared/ai/section-merge/merge-into-fragment';
import type { SectionMergeOutcome } from '../../../shared/ai/section-merge/merge-section';
import { serializeMarkdown } from '../../../shared/document/schema';
import type * as Y from 'yjs';
import type { AppContext } from '../../app-context';
import type { WriterOrigin } from '../../collaboration/live-documents';
import type { AccessiblePaper, PaperRow } from '../../papers/paper-store';
import { authorizedPaper, type Actor } from '../../policies/paper-policy';
import { savePaper } from '../../papers/save-paper';
import { documentFragment } from '../../../shared/document/live/y-document';
import type { ProvenanceAttrs } from '../../../shared/document/provenance/provenance';

export interface SectionResult {
  place: PlannedPlace;
  /** The section's body when the job began. */
  baseMarkdown: string;
  /** The AI's text for it. */
  newMarkdown: string;
}

export interface SectionSaved {
  sectionIndex: number;
  sectionTitle: string;
  status: SectionMergeOutcome['status'];
  /** Blocks someone added or changed while the job ran, kept beside the new text. */
  keptEdits: number;
  /** A reference list the new prose would have replaced, kept. */
  keptReferenceList: boolean;
}

export interface MergeIntoPaperRequest {
  /** Who saves the results: the policy must let them edit the paper. */
  user: Actor;
  userName: string;
  paperId: string;
  results: readonly SectionResult[];
  /** Works the results cite: added to the paper's citations when not there yet. */
  citations: readonly unknown[];
  /** The history comment of the version the save keeps. */
  comment: string;
  /** The live document's transaction origin (who wrote). */
  writer: string;
  /** The AI feature and model the new text is marked with (docs/provenance.md). */
  provenance: ProvenanceAttrs;
}

function refIdOf(entry: unknown): string | undefined {
  const refId = (entry as { refId?: unknown } | null)?.refId;
  return typeof refId === 'string' ? refId : undefined;
}

/**
 * The paper's citations with the results' works: a work already listed takes the entry the AI
 * result brings (its certainty and reasoning, checked with this text, as the editor's own merge
 * does), a new one is added at the end.
 */
export function withCitations(current: readonly unknown[], added: readonly unknown[]): unknown[] {
  const incoming = new Map<string, unknown>();
  for (const entry of added) {
    const refId = refIdOf(entry);
    if (refId !== undefined) incoming.set(refId, entry);
  }
  const result = current.map((entry) => {
    const refId = refIdOf(entry);
    const update = refId === undefined ? undefined : incoming.get(refId);
    if (refId !== undefined) incoming.delete(refId);
    return update ?? entry;
  });
  return [...result, ...incoming.values()];
}

/**
 * Merges every result into the fragment, from the last section to the first (a text that
 * brings subheadings then moves no section still to be merged), and answers the markdown.
 */
export function mergeResults(
  fragment: Y.XmlFragment,
  results: readonly SectionResult[],
  origin: unknown,
  provenance: ProvenanceAttrs | null = null,
): { content: string; sections: SectionSaved[] } {
  const ordered = [...results].sort((a, b) => b.place.sectionIndex - a.place.sectionIndex);
  const sections = ordered.map((result): SectionSaved => {
    const outcome = mergeSectionIntoFragment(fragment, result, origin, provenance);
    const merge = outcome.status === 'merged' ? outcome.merge : null;
    return {
      sectionIndex: result.place.sectionIndex,
      sectionTitle: result.place.sectionTitle,
      status: outcome.status,
      keptEdits: merge?.keptEdits ?? 0,
      keptReferenceList: merge?.keptReferenceList ?? false,
    };
  });
  return {
    content: serializeMarkdown(fragmentDocument(fragment)),
    sections: sections.reverse(),
  };
}

export async function mergeIntoPaper(
  context: AppContext,
  request: MergeIntoPaperRequest,
): Promise<{ paper: PaperRow; role: AccessiblePaper['role']; sections: SectionSaved[] }> {
  const db = context.database.db;
  const paper = await authorizedPaper(db, request.user, 'edit', request.paperId);
  const origin: WriterOrigin = { writer: request.writer, userId: request.user.id };
  const { content, sections } = await context.liveDocuments.transact(paper.id, origin, (ydoc) =>
    mergeResults(documentFragment(ydoc), request.results, origin, request.provenance),
  );
  const saved = await savePaper(db, {
    paper,
    userName: request.userName,
    changes: { content, citations: withCitations(paper.citations, request.citations) },
    comment: request.comment,
  });
  return { paper: saved, role: paper.role, sections };
}
