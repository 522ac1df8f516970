import { describe, expect, it } from 'vitest';
import { hiddenText, moreText, sourcesLine } from './search-report-text';

describe('sourcesLine', () => {
  it('names the sources that answered and those that did not', () => {
    expect(
      sourcesLine([
        { id: 'local', label: "this server's library", status: 'answered', count: 3, size: 21000 },
        { id: 'openalex', label: 'OpenAlex', status: 'answered', count: 100 },
        { id: 'pubmed', label: 'PubMed', status: 'cached', count: 20 },
        { id: 'arxiv', label: 'arXiv', status: 'timeout', count: 0 },
      ]),
    ).toBe(
      "Searched: this server's library (21,000 works), OpenAlex, PubMed; arXiv did not answer",
    );
    expect(
      sourcesLine([
        { id: 'local', label: "this server's library", status: 'answered', count: 0, size: 36 },
        { id: 'arxiv', label: 'arXiv', status: 'unreachable', count: 0 },
        { id: 'crossref', label: 'Crossref', status: 'rate-limited', count: 0 },
        { id: 'web', label: 'the web', status: 'not-allowed', count: 0 },
      ]),
    ).toBe("Searched: this server's library (36 works); arXiv and Crossref did not answer");
  });

  it('says so when nothing answered, and nothing when nothing was asked', () => {
    expect(sourcesLine([{ id: 'openalex', label: 'OpenAlex', status: 'failed', count: 0 }])).toBe(
      'No source answered',
    );
    expect(sourcesLine([])).toBeNull();
  });
});

describe('sourcesLine while and after outside sources answer', () => {
  const library = {
    id: 'local',
    label: "this server's library",
    status: 'answered' as const,
    count: 3,
    size: 36,
  };

  it('names the sources still answering', () => {
    expect(
      sourcesLine([
        library,
        { id: 'openalex', label: 'OpenAlex', status: 'pending', count: 0 },
        { id: 'pubmed', label: 'PubMed', status: 'pending', count: 0 },
      ]),
    ).toBe("Searched: this server's library (36 works); still asking OpenAlex and PubMed…");
  });

  it('says the outside sources are unreachable when none can be reached', () => {
    expect(
      sourcesLine([
        library,
        { id: 'openalex', label: 'OpenAlex', status: 'unreachable', count: 0 },
        { id: 'arxiv', label: 'arXiv', status: 'timeout', count: 0 },
      ]),
    ).toBe(
      "Searched: this server's library (36 works); outside sources are unreachable (OpenAlex and arXiv)",
    );
  });

  it('offers what they added', () => {
    expect(moreText(12, ['OpenAlex', 'PubMed'])).toBe('12 more from OpenAlex and PubMed…');
  });
});

describe('hiddenText', () => {
  it('names the hidden type', () => {
    expect(hiddenText({ type: 'wikipedia', count: 3 })).toBe(
      'Wikipedia pages are hidden by your filters',
    );
  });

  it('stays true while preprints that name their journal are shown among articles', () => {
    expect(hiddenText({ type: 'preprint', count: 56 })).toBe(
      'Preprints not published in a journal are hidden by your filters',
    );
  });

  it('counts works without a year when the user excluded them', () => {
    expect(hiddenText({ type: 'undated', count: 4 })).toBe(
      'Works without a year are hidden by your filters',
    );
  });
});
