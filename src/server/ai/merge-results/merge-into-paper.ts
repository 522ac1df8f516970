/**
 * Saving AI results into a paper (issue 32 item 4): each result replaces only what its section
 * held when the job began, through the section merge of `shared/ai/section-merge`, so text
 * anyone typed since stays next to the new text. The merge runs on the paper's Yjs document,
 * as the live document's writers do, and the paper is saved as one version with the works the
 * results cite added to its citations.
 */
import { prosemirrorToYXmlFragment } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import type { PlannedPlace } from '../../../shared/ai/locate-section';
import {
  fragmentDocument,
  mergeSectionIntoFragment,
} from '../../../shared/ai/section-merge/merge-into-fragment';
import type { SectionMergeOutcome } from '../../../shared/ai/section-merge/merge-section';
import { parseMarkdown, serializeMarkdown } from '../../../shared/document/schema';
import type { Db } from '../../db/database';
import { notFound } from '../../http/http-error';
import { findOwnedPaper, type PaperRow } from '../../papers/paper-store';
import { PaperConflictError, savePaper } from '../../papers/save-paper';

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
  ownerId: string;
  userName: string;
  paperId: string;
  results: readonly SectionResult[];
  /** Works the results cite: added to the paper's citations when not there yet. */
  citations: readonly unknown[];
  /** The history comment of the version the save keeps. */
  comment: string;
  /** Who writes, as the live document's transaction origin. */
  origin: string;
}

/** A save that met another save retries on the newer paper: the merge is redone on it. */
const ATTEMPTS = 5;

function refIdOf(entry: unknown): string | undefined {
  const refId = (entry as { refId?: unknown } | null)?.refId;
  return typeof refId === 'string' ? refId : undefined;
}

export function withCitations(current: readonly unknown[], added: readonly unknown[]): unknown[] {
  const known = new Set(current.map(refIdOf));
  const result = [...current];
  for (const entry of added) {
    const refId = refIdOf(entry);
    if (refId === undefined || known.has(refId)) continue;
    known.add(refId);
    result.push(entry);
  }
  return result;
}

/** The content with every result merged in; sections are merged from the last to the first. */
export function mergeResults(
  content: string,
  results: readonly SectionResult[],
  origin: string,
): { content: string; sections: SectionSaved[] } {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment('default');
  prosemirrorToYXmlFragment(parseMarkdown(content), fragment);
  const ordered = [...results].sort((a, b) => b.place.sectionIndex - a.place.sectionIndex);
  const sections = ordered.map((result): SectionSaved => {
    const outcome = mergeSectionIntoFragment(fragment, result, origin);
    const merge = outcome.status === 'merged' ? outcome.merge : null;
    return {
      sectionIndex: result.place.sectionIndex,
      sectionTitle: result.place.sectionTitle,
      status: outcome.status,
      keptEdits: merge?.keptEdits ?? 0,
      keptReferenceList: merge?.keptReferenceList ?? false,
    };
  });
  const merged = serializeMarkdown(fragmentDocument(fragment));
  doc.destroy();
  return { content: merged, sections: sections.reverse() };
}

export async function mergeIntoPaper(
  db: Db,
  request: MergeIntoPaperRequest,
): Promise<{ paper: PaperRow; sections: SectionSaved[] }> {
  for (let attempt = 1; ; attempt++) {
    const paper = await findOwnedPaper(db, request.ownerId, request.paperId);
    if (!paper) throw notFound('Paper');
    const { content, sections } = mergeResults(paper.content, request.results, request.origin);
    try {
      const saved = await savePaper(db, {
        ownerId: request.ownerId,
        userName: request.userName,
        paperId: paper.id,
        changes: { content, citations: withCitations(paper.citations, request.citations) },
        expectedUpdatedAt: paper.updatedAt.toISOString(),
        comment: request.comment,
      });
      return { paper: saved, sections };
    } catch (error) {
      if (!(error instanceof PaperConflictError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
