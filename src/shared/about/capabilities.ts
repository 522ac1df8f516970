/** What this server can do, as GET /api/capabilities answers (issue 33 item 11). */
export interface Capabilities {
  library: {
    /** Abstracts in this server's own library (the bundled corpus, imports, past searches). */
    works: number;
    /** The outside catalogues a search also asks, by the name the References pane uses. */
    catalogues: string[];
    /** Whether one of them covers the spec's '130M+' scientific paper abstracts by itself. */
    catalogueScale: boolean;
  };
  /** Whether Data Analysis (a sandboxed Python kernel) is installed on this server. */
  dataAnalysis: boolean;
}

/** 002 §1's wording, true when a catalogue of that size is searched. */
export const SPEC_SEARCH_TEXT =
  'Search more than 130M scientific paper abstracts and cite the articles it uses.';

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function libraryPhrase(works: number): string {
  if (works === 0) return "this server's library (which holds no abstracts yet)";
  const count = works.toLocaleString('en-US');
  return `the ${count} scientific paper ${works === 1 ? 'abstract' : 'abstracts'} in this server's library`;
}

/** The About dialog's search line: the spec's wording where it is true, the real count where not. */
export function searchCapabilityText({ library }: Capabilities): string {
  if (library.catalogueScale) return SPEC_SEARCH_TEXT;
  const where = list([libraryPhrase(library.works), ...library.catalogues]);
  return `Search ${where}, and cite the articles it uses.`;
}

/** The About dialog's line on research chat and data. */
export function chatCapabilityText({ dataAnalysis }: Capabilities): string {
  return dataAnalysis
    ? 'Answer questions in a research chat, and analyse spreadsheets you upload: Data Analysis runs Python on them and draws charts and tables from your data.'
    : 'Answer questions in a research chat.';
}

/**
 * The limit on charts, figures and tables (002 §1), where it holds: with Data Analysis installed
 * the server does draw them from data, so only the writing's own limit is stated.
 */
export function chartsLimitText({ dataAnalysis }: Capabilities): string {
  return dataAnalysis
    ? 'The writing itself does not invent charts, figures or tables: those come only from Data Analysis of data you upload.'
    : 'It does not produce charts, figures or tables from data for you (Data Analysis is not installed on this server).';
}
