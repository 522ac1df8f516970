import type { LiteratureQuery, WebSearchProvider } from '../providers/literature-provider';
import type { LiteratureSource, SourceAnswer } from '../sources/literature-source';
import { plainText, sourceTerms } from '../sources/source-query';

/**
 * Web search as one more source of the federation. It is asked only when the user ticked web
 * pages, and never for a free-tier user (the search route removes the type for them, 002 §5).
 */
export class WebSource implements LiteratureSource {
  readonly id = 'web';
  readonly label: string;

  constructor(private readonly provider: WebSearchProvider) {
    this.label = `the web (${provider.name})`;
  }

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    const terms = sourceTerms(query);
    const text = [plainText(terms), ...terms.excluded.map((word) => `-${word}`)].join(' ');
    return { works: await this.provider.search(text, Math.min(query.limit, 50), signal) };
  }
}
