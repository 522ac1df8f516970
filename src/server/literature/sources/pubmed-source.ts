import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import { cleanText, normalizeDoi, toCount } from '../formats/text-cleanup';
import type { LiteratureQuery } from '../providers/literature-provider';
import type { LiteratureSource, SourceAnswer } from './literature-source';
import { endpoint, fetchJson, fetchXml, SourceError } from './source-http';
import { meaningfulWords, quoted, sourceTerms } from './source-query';
import { asRecord, sourceWork } from './source-work';
import { attribute, list, parseXml, xmlText } from './source-xml';

export interface PubMedOptions {
  /** The E-utilities base, https://eutils.ncbi.nlm.nih.gov/entrez/eutils by default. */
  baseUrl: string;
  /** NCBI allows 10 requests a second with a key, 3 without. */
  apiKey: string | undefined;
  /** NCBI asks tools to identify themselves with `tool` and `email`. */
  email: string | undefined;
  /** The server's outbound helper (src/server/net/outbound). */
  outbound: OutboundHttp;
}

/** esearch caps one page at 10,000 ids; a search asks for at most 1,000. */
const MAX_IDS = 1000;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The esearch term in PubMed's query syntax: ranking words OR-ed (PubMed ANDs bare words,
 * which would make a sentence match nothing), required words and phrases AND-ed, excluded ones
 * NOT-ed. Years go in mindate/maxdate on the publication date.
 */
export function pubMedSearchUrl(options: PubMedOptions, query: LiteratureQuery): URL {
  const terms = sourceTerms(query);
  const ranking = meaningfulWords(terms.ranking).map(quoted);
  const parts: string[] = [];
  if (ranking.length > 0) parts.push(`(${ranking.join(' OR ')})`);
  for (const required of terms.required) parts.push(quoted(required));
  let term = parts.join(' AND ');
  for (const excluded of terms.excluded) term += ` NOT ${quoted(excluded)}`;
  const url = endpoint(options.baseUrl, 'esearch.fcgi');
  url.searchParams.set('db', 'pubmed');
  url.searchParams.set('term', term.trim());
  url.searchParams.set('retmode', 'json');
  url.searchParams.set('retmax', String(Math.min(query.limit, MAX_IDS)));
  url.searchParams.set('sort', 'relevance');
  if (query.yearStart !== null || query.yearEnd !== null) {
    url.searchParams.set('datetype', 'pdat');
    url.searchParams.set('mindate', String(query.yearStart ?? 1800));
    url.searchParams.set('maxdate', String(query.yearEnd ?? 3000));
  }
  identify(url, options);
  return url;
}

export function pubMedFetchUrl(options: PubMedOptions): URL {
  const url = endpoint(options.baseUrl, 'efetch.fcgi');
  url.searchParams.set('db', 'pubmed');
  url.searchParams.set('retmode', 'xml');
  identify(url, options);
  return url;
}

function identify(url: URL, options: PubMedOptions) {
  url.searchParams.set('tool', 'scriptor');
  if (options.email) url.searchParams.set('email', options.email);
  if (options.apiKey) url.searchParams.set('api_key', options.apiKey);
}

function monthNumber(value: string | null): number | null {
  if (value === null) return null;
  const number = toCount(value);
  if (number !== null) return number >= 1 && number <= 12 ? number : null;
  const index = MONTHS.indexOf(value.slice(0, 3).toLowerCase());
  return index === -1 ? null : index + 1;
}

function authorsOf(article: Record<string, unknown>): string[] {
  return list(asRecord(article.AuthorList).Author).flatMap((value) => {
    const author = asRecord(value);
    const collective = xmlText(author.CollectiveName);
    if (collective) return [collective];
    const name = cleanText(
      [xmlText(author.ForeName), xmlText(author.LastName)].filter(Boolean).join(' '),
    );
    return name ? [name] : [];
  });
}

function abstractOf(article: Record<string, unknown>): string | null {
  const parts = list(asRecord(article.Abstract).AbstractText).flatMap((part) => {
    const text = xmlText(part);
    if (text === null) return [];
    const label = attribute(part, 'Label');
    return [label ? `${label}: ${text}` : text];
  });
  return parts.length > 0 ? parts.join('\n') : null;
}

/** One `PubmedArticle` of an efetch answer as a Work (id: the DOI, else 'pmid:<id>'). */
export function pubMedArticleToWork(value: unknown): Work | null {
  const citation = asRecord(asRecord(value).MedlineCitation);
  const article = asRecord(citation.Article);
  const pmid = xmlText(citation.PMID);
  const title = xmlText(article.ArticleTitle);
  if (pmid === null || title === null) return null;
  const ids = list(asRecord(asRecord(asRecord(value).PubmedData).ArticleIdList).ArticleId);
  const doiId = ids.find((id) => attribute(id, 'IdType') === 'doi');
  const doi = normalizeDoi(xmlText(doiId) ?? xmlText(list(article.ELocationID)[0]));
  const journal = asRecord(article.Journal);
  const issue = asRecord(journal.JournalIssue);
  const date = asRecord(issue.PubDate);
  const year = toCount(xmlText(date.Year) ?? xmlText(date.MedlineDate)?.slice(0, 4));
  const types = list(asRecord(article.PublicationTypeList).PublicationType).map(xmlText);
  return sourceWork(doi ?? `pmid:${pmid}`, title.replace(/\.$/, ''), {
    doi,
    type: types.includes('Preprint') ? 'preprint' : 'journal-article',
    authors: authorsOf(article),
    published_year: year,
    published_month: monthNumber(xmlText(date.Month)),
    published_day: toCount(xmlText(date.Day)),
    container_title: xmlText(journal.Title),
    source: 'PubMed',
    volume: xmlText(issue.Volume),
    issue: xmlText(issue.Issue),
    page: xmlText(asRecord(article.Pagination).MedlinePgn),
    abstract: abstractOf(article),
    hyperlink: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    subjects: list(asRecord(citation.MeshHeadingList).MeshHeading)
      .map((heading) => xmlText(asRecord(heading).DescriptorName))
      .filter((name) => name !== null),
    issn: [xmlText(journal.ISSN)].filter((issn) => issn !== null),
  });
}

/** PubMed through NCBI's E-utilities: esearch for ranked ids, then efetch for the records with abstracts. */
export class PubMedSource implements LiteratureSource {
  readonly id = 'pubmed';
  readonly label = 'PubMed';

  constructor(private readonly options: PubMedOptions) {}

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    const found = asRecord(
      asRecord(
        await fetchJson('PubMed', pubMedSearchUrl(this.options, query), {
          signal,
          outbound: this.options.outbound,
        }),
      ).esearchresult,
    );
    if (!Array.isArray(found.idlist)) {
      throw new SourceError('malformed', 'PubMed answered without an id list');
    }
    const ids = found.idlist.map(String).filter((id) => /^\d+$/.test(id));
    if (ids.length === 0) return { works: [] };
    // POST keeps a long id list out of the URL, as NCBI recommends beyond about 200 ids.
    const xml = await fetchXml('PubMed', pubMedFetchUrl(this.options), {
      signal,
      outbound: this.options.outbound,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: ids.join(',') }).toString(),
    });
    const document = parseXml(
      'PubMed',
      xml,
      [
        'PubmedArticle',
        'Author',
        'AbstractText',
        'ArticleId',
        'PublicationType',
        'MeshHeading',
        'ELocationID',
      ],
      ['ArticleTitle', 'AbstractText'],
    );
    const articles = list(asRecord(document.PubmedArticleSet).PubmedArticle);
    const byPmid = new Map<string, Work>();
    for (const article of articles) {
      const work = pubMedArticleToWork(article);
      const pmid = xmlText(asRecord(asRecord(article).MedlineCitation).PMID);
      if (work && pmid) byPmid.set(pmid, work);
    }
    // efetch does not promise esearch's order; relevance order is esearch's.
    return { works: ids.flatMap((id) => byPmid.get(id) ?? []) };
  }
}
