import {
  DATA_MARKER,
  ERROR_MARKER,
  FINISHED_MARKER,
  PART_MARKER,
  STATUS_MARKER,
} from '../../../shared/ai/stream-markers';
import type { AppContext } from '../../app-context';
import { addCitations, MIN_CLAIM_WORDS } from '../offline/add-citations';
import { shortenByExtraction } from '../offline/shorten';
import { proseBlocks } from '../text/prose-blocks';
import { literatureQuery } from '../retrieval/gather-evidence';
import { plainQuery } from '../retrieval/section-claims';
import { citedWorks } from './cited-works';
import type { SectionRun } from './rewrite-input';
import { streamFailureMessage } from './stream-errors';

/** The actions the offline engine can do honestly; the others need a model. */
export const OFFLINE_ACTIONS = new Set(['rewrite', 'shorter']);

/**
 * Why the offline rewrite gives the section back as it was, when it does before searching
 * anything: the person sees identical texts side by side and would otherwise not know why.
 */
export function unchangedReason(
  section: string,
  literatureSearch: boolean,
  added: { searched: number },
): string | null {
  if (added.searched > 0) return null;
  if (proseBlocks(section).length === 0) {
    return "Nothing was changed: without an AI model, a rewrite adds citations to the section's own sentences, and this section has none yet (its purpose is a guide, not text to rewrite). Write a few sentences first.";
  }
  if (!literatureSearch) {
    return 'Nothing was changed: without an AI model, a rewrite only adds citations from the literature, and the literature search is off.';
  }
  return `Nothing was changed: without an AI model, a rewrite only adds citations to sentences of ${MIN_CLAIM_WORDS} words or more that cite nothing yet, and this section has none.`;
}

/**
 * Without a model: 'rewrite' adds citations from retrieved works to the section's own
 * sentences, 'shorter' keeps its most central sentences. The text arrives in one piece.
 */
export async function* writeOffline(context: AppContext, run: SectionRun) {
  const { body, paper } = run;
  try {
    if (run.action === 'shorter') {
      yield STATUS_MARKER('writing');
      yield PART_MARKER('content');
      yield await shortenByExtraction(body.currentSection);
      yield DATA_MARKER('citations', []);
      yield FINISHED_MARKER;
      return;
    }
    yield STATUS_MARKER('searching');
    const provider = context.literature.provider;
    const added = body.enableLiteratureSearch
      ? await addCitations(body.currentSection, (claim, limit) =>
          provider.search(literatureQuery(plainQuery(claim), run.filters, limit, run.user.id)),
        )
      : { text: body.currentSection, checks: [], works: new Map(), searched: 0 };
    if (run.signal.aborted) return;
    if (added.searched > 0 && added.checks.length === 0) {
      yield DATA_MARKER('no-relevant-literature', true);
    }
    const unchanged = unchangedReason(body.currentSection, body.enableLiteratureSearch, added);
    if (unchanged) yield DATA_MARKER('unchanged', unchanged);
    yield STATUS_MARKER('writing');
    yield PART_MARKER('content');
    yield added.text;
    // Stored when the user accepts the text, like the model's (write-with-model.ts).
    yield DATA_MARKER('citations', citedWorks(added.checks, added.works));
    yield FINISHED_MARKER;
  } catch (error) {
    if (run.signal.aborted) return;
    context.ai.log('offline section writing failed', {
      paperId: paper.id,
      error: (error as Error).message,
    });
    yield ERROR_MARKER(streamFailureMessage(error));
  }
}
