import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import type { Paper } from '../../../shared/papers/paper';
import { apiFetch } from '../../api/http';
import { paperKeys } from '../../api/papers';
import type { CitationRegistry } from '../../editor/citations/citation-registry';
import { CITATIONS_CHECKED_META } from '../../editor/commands/merge-section-result';
import { markdownFor } from '../../editor/markdown-io';
import { changedCitingText } from './changed-citing-text';

/** Quiet time after the last keystroke before the changed paragraphs are checked. */
export const CHUNK_ANALYSIS_DEBOUNCE_MS = 3000;

interface ChunkAnalysisAnswer {
  /** The paper's whole stored citation list after the check. */
  citations: unknown[];
}

/**
 * Keeps citation certainties current as the user writes (002 §7 /api/chunk-analysis): once the
 * typing pauses, the paragraphs with citations that changed since the pause before are sent; the
 * answer's citations (already stored by the server) replace the editor's list and the cached
 * paper, so labels turn orange or back and the reference modal shows the new check. A failure is
 * only logged.
 */
export function useChunkAnalysis(
  editor: Editor,
  paperId: string,
  citations: CitationRegistry,
  enabled: boolean,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let baseline: ProseMirrorNode | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const analyse = async (before: ProseMirrorNode) => {
      const after = editor.state.doc;
      const converter = markdownFor(after.type.schema);
      const text = changedCitingText(before, after, (doc) => converter.serialize(doc));
      if (text === '') return;
      try {
        const answer = await apiFetch<ChunkAnalysisAnswer>('/api/chunk-analysis', {
          method: 'POST',
          body: JSON.stringify({ text, paperId }),
        });
        if (stopped) return;
        citations.replace(answer.citations);
        queryClient.setQueryData<Paper>(paperKeys.detail(paperId), (paper) =>
          paper ? { ...paper, citations: answer.citations } : paper,
        );
      } catch (error) {
        console.warn('Chunk analysis failed', error);
      }
    };

    const onUpdate = ({ transaction }: { transaction: Transaction }) => {
      // A rewrite accepted from the preview: the server checked its citations while writing.
      // Text from the live document (another tab, a server-side writer, a rewrite merged into
      // it here) is checked by whoever wrote it.
      const checked = transaction.getMeta(CITATIONS_CHECKED_META) || isChangeOrigin(transaction);
      if (baseline === null && checked) return;
      baseline ??= transaction.before;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const before = baseline;
        baseline = null;
        if (before) void analyse(before);
      }, CHUNK_ANALYSIS_DEBOUNCE_MS);
    };
    editor.on('update', onUpdate);
    return () => {
      stopped = true;
      clearTimeout(timer);
      editor.off('update', onUpdate);
    };
  }, [editor, paperId, citations, enabled, queryClient]);
}
