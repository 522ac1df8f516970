import { useLiteratureSearch } from '../references/api/search-api';
import { useReferences } from '../references/references-context';
import { combineStages } from '../references/search/search-stages';
import { useChatLauncher } from './chat-launcher';

/** At most this many works go with a question; the answer's evidence budget holds fewer. */
const MAX_CONTEXT = 50;

/**
 * The References pane's button to ask about these papers (002 §2): opens the research chat with
 * the papers ticked 'Select this paper', else the current results, as the answer's context.
 */
export function AskAboutPapersButton() {
  const { search, selected } = useReferences();
  const { openChat } = useChatLauncher();
  const { library, complete } = useLiteratureSearch(search.run);
  const results = library.data
    ? combineStages(library.data, complete.data, complete.isError).results
    : [];
  const refIds =
    selected.refIds.size > 0 ? [...selected.refIds] : results.map((work) => work.refId);
  if (refIds.length === 0) return null;
  const what = selected.refIds.size > 0 ? 'the selected papers' : 'the papers found';
  return (
    <button
      type="button"
      className="button block ask-about-papers"
      title={`Open the research chat about ${what}`}
      onClick={() => openChat({ refIds: refIds.slice(0, MAX_CONTEXT) })}
    >
      Ask about these papers
    </button>
  );
}
