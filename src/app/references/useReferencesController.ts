import { useCallback, useMemo, useState } from 'react';
import type { CitedWork } from '../../shared/citations/work';
import type { Paper } from '../../shared/papers/paper';
import { useEditorHandle } from '../editor/bridge/EditorBridge';
import { useGenerateReferences } from './bibliography/useGenerateReferences';
import { useCitedWorks } from './cited/useCitedWorks';
import type { ReferencesController, ShownReference } from './references-context';
import { useSearchState } from './search/useSearchState';
import { useSelectedPapers } from './useSelectedPapers';

interface ReferencesOptions {
  paper: Paper | undefined;
  /** Shows the References pane when it is collapsed. */
  expandPane: () => void;
}

/** The literature state of the workspace; give it to a ReferencesProvider. */
export function useReferencesController({
  paper,
  expandPane,
}: ReferencesOptions): ReferencesController {
  const paperId = paper?.id ?? null;
  const search = useSearchState(paperId);
  const cited = useCitedWorks(paper);
  const selected = useSelectedPapers();
  const getEditor = useEditorHandle();
  const generateReferences = useGenerateReferences(paperId);
  const [shown, setShown] = useState<ShownReference | null>(null);

  const { submit } = search;
  const searchFromEditor = useCallback(
    (text: string) => {
      expandPane();
      submit(text);
    },
    [expandPane, submit],
  );

  const openWork = useCallback((work: CitedWork) => setShown({ refId: work.refId, work }), []);
  const { lookup, remember } = cited;
  const openCitation = useCallback(
    (refId: string) => setShown({ refId, work: lookup(refId) }),
    [lookup],
  );
  const closeReference = useCallback(() => setShown(null), []);

  const citeWork = useCallback(
    (work: CitedWork) => {
      const editor = getEditor();
      if (!editor) return;
      // The work joins the paper's list first, so the new citation renders with its label.
      editor.addCitedWorks([work]);
      editor.insertCitation([work.refId]);
      remember([work]);
    },
    [getEditor, remember],
  );

  return useMemo(
    () => ({
      paper,
      search,
      searchFromEditor,
      cited,
      selected,
      shown,
      openWork,
      openCitation,
      closeReference,
      citeWork,
      generateReferences,
    }),
    [
      paper,
      search,
      searchFromEditor,
      cited,
      selected,
      shown,
      openWork,
      openCitation,
      closeReference,
      citeWork,
      generateReferences,
    ],
  );
}
