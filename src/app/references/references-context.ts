import { createContext, useContext } from 'react';
import type { CitedWork } from '../../shared/citations/work';
import type { Paper } from '../../shared/papers/paper';
import type { DocumentSource } from './bibliography/useGenerateReferences';
import type { CitedWorks } from './cited/useCitedWorks';
import type { SearchState } from './search/useSearchState';
import type { SelectedPapers } from './useSelectedPapers';

/** The work the reference modal shows: known already, or to be fetched by its refId. */
export interface ShownReference {
  refId: string;
  work: CitedWork | undefined;
}

/** What the References pane, the reference modal and the editor's hooks share. */
export interface ReferencesController {
  /** The open paper, or undefined on the welcome screen. */
  paper: Paper | undefined;
  search: SearchState;
  /** The toolbar search (spec 002 §2): fills the box, runs it and shows the pane. */
  searchFromEditor(text: string): void;
  cited: CitedWorks;
  selected: SelectedPapers;
  shown: ShownReference | null;
  openWork(work: CitedWork): void;
  /** A click on an in-text citation: the paper's own copy of the work, else the stored one. */
  openCitation(refId: string): void;
  closeReference(): void;
  /** Inserts a citation of `work` at the editor's cursor and adds it to the paper's citations. */
  citeWork(work: CitedWork): void;
  generateReferences(editor: DocumentSource): void;
}

export const ReferencesContext = createContext<ReferencesController | null>(null);

export function useReferences(): ReferencesController {
  const controller = useContext(ReferencesContext);
  if (!controller) throw new Error('useReferences needs a ReferencesProvider');
  return controller;
}
