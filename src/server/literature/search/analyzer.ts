import { withAlphanumericParts } from './text/alphanumeric-parts';
import { foldText } from './text/fold-text';
import { stripLatexRemnants } from './text/latex-remnants';
import { stemWord } from './text/stem';
import { ENGLISH_STOP_WORDS } from './text/stop-words';
import { tokenizeRanges, type TokenRangeSink } from './text/tokenize';

/**
 * Turns scientific English into index terms: LaTeX remnants become words, text is folded
 * (lower case, no diacritics, Greek spelled out), split into tokens (a token mixing letters and
 * digits also into its letter and digit runs), stop words dropped and the rest Porter-stemmed.
 * Positions count every token, stop words included, so a phrase such as "effect of smoking"
 * keeps its gap and still needs the two content words two apart.
 */
export interface TextAnalyzer {
  /** Identifies the term rules; an index built with one analyzer cannot be searched with another. */
  readonly id: string;
  /** Emits every indexable term with its position and returns the number of positions used. */
  analyze(text: string, sink: (term: string, position: number) => void): number;
  /**
   * The two halves of `analyze`, for the indexer's hot path: `scan` reports folded token
   * ranges, `termOf` maps a folded token to its term (null for a stop word). The indexer caches
   * `termOf` per distinct token, so it runs once per vocabulary entry, not once per token.
   */
  scan(text: string, sink: TokenRangeSink): number;
  termOf(token: string): string | null;
}

export interface AnalyzerOptions {
  stopWords?: ReadonlySet<string>;
  stemming?: boolean;
  /** Also index a letter-digit token's runs ("il6" → il6, il, 6); on by default. */
  alphanumericParts?: boolean;
}

/** Bump when the default term rules change: snapshots built with older rules must be rebuilt. */
const DEFAULT_ANALYZER_ID = 'scientific-english/2';

export function createAnalyzer(options: AnalyzerOptions = {}): TextAnalyzer {
  const stopWords = options.stopWords ?? ENGLISH_STOP_WORDS;
  const stemming = options.stemming ?? true;
  const parts = options.alphanumericParts ?? true;
  const isDefault = options.stopWords === undefined && stemming && parts;
  const id = isDefault
    ? DEFAULT_ANALYZER_ID
    : `${DEFAULT_ANALYZER_ID}+custom(stop=${stopWords.size},stem=${stemming},parts=${parts})`;
  const termOf = (token: string): string | null => {
    if (stopWords.has(token)) return null;
    return stemming ? stemWord(token) : token;
  };
  const scan = (text: string, sink: TokenRangeSink): number =>
    tokenizeRanges(foldText(stripLatexRemnants(text)), parts ? withAlphanumericParts(sink) : sink);
  return {
    id,
    scan,
    termOf,
    analyze(text, sink) {
      return scan(text, (source, start, end, position) => {
        const term = termOf(source.slice(start, end));
        if (term !== null) sink(term, position);
      });
    },
  };
}

export const scientificEnglishAnalyzer: TextAnalyzer = createAnalyzer();

/** The terms of `text` in order, for callers that do not need positions. */
export function analyzeToTerms(
  text: string,
  analyzer: TextAnalyzer = scientificEnglishAnalyzer,
): string[] {
  const terms: string[] = [];
  analyzer.analyze(text, (term) => terms.push(term));
  return terms;
}
