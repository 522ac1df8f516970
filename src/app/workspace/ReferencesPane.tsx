import { CitedWorksSection } from '../references/cited/CitedWorksSection';
import { LibraryLoadStatus } from '../references/library/LibraryLoadStatus';
import { useReferences } from '../references/references-context';
import { SearchForm } from '../references/search/SearchForm';
import { SearchResults } from '../references/search/SearchResults';
import { AskAboutPapersButton } from '../chat/AskAboutPapersButton';

/** The right pane (spec 002 §2): literature search, its results and the paper's cited works. */
export function ReferencesPane() {
  const { search, paper, openWork } = useReferences();
  return (
    <aside className="references-pane" aria-label="References">
      <h2 className="pane-title">References</h2>
      <LibraryLoadStatus />
      <SearchForm search={search} />
      <SearchResults run={search.run} onOpen={openWork} />
      <AskAboutPapersButton />
      {paper && <CitedWorksSection paperId={paper.id} />}
    </aside>
  );
}
