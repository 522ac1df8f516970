import { describe, expect, it } from 'vitest';
import {
  SPEC_SEARCH_TEXT,
  chartsLimitText,
  chatCapabilityText,
  searchCapabilityText,
  type Capabilities,
} from './capabilities';

const server = (library: Partial<Capabilities['library']>, dataAnalysis = false): Capabilities => ({
  library: { works: 0, catalogues: [], catalogueScale: false, ...library },
  dataAnalysis,
});

describe('searchCapabilityText', () => {
  it("keeps the spec's 130M+ only when a catalogue of that size is searched", () => {
    expect(
      searchCapabilityText(
        server({ works: 20_999, catalogues: ['OpenAlex'], catalogueScale: true }),
      ),
    ).toBe(SPEC_SEARCH_TEXT);
  });

  it("states the library's real count and the catalogues it also asks", () => {
    expect(searchCapabilityText(server({ works: 20_999 }))).toBe(
      "Search the 20,999 scientific paper abstracts in this server's library, and cite the articles it uses.",
    );
    expect(searchCapabilityText(server({ works: 1, catalogues: ['arXiv'] }))).toBe(
      "Search the 1 scientific paper abstract in this server's library and arXiv, and cite the articles it uses.",
    );
    expect(
      searchCapabilityText(server({ works: 5, catalogues: ['Crossref', 'PubMed', 'arXiv'] })),
    ).toBe(
      "Search the 5 scientific paper abstracts in this server's library, Crossref, PubMed and arXiv, and cite the articles it uses.",
    );
  });

  it('says so when the library is empty', () => {
    expect(searchCapabilityText(server({ works: 0 }))).toBe(
      "Search this server's library (which holds no abstracts yet), and cite the articles it uses.",
    );
  });
});

describe('data analysis lines', () => {
  it('claims charts only where Data Analysis is installed, and states the limit where it is not', () => {
    expect(chatCapabilityText(server({}, true))).toContain('draws charts and tables');
    expect(chartsLimitText(server({}, true))).not.toContain('does not produce charts');
    expect(chatCapabilityText(server({}, false))).not.toContain('charts');
    expect(chartsLimitText(server({}, false))).toContain(
      'It does not produce charts, figures or tables from data for you',
    );
  });
});
