import { arxivIdOf } from '../../../shared/citations/doi';
import { emptyWork, type Work } from '../../../shared/citations/work';
import type { LiteratureRecord } from '../formats/literature-record';

const SOURCE_NAMES: Record<LiteratureRecord['source'], string> = {
  arxiv: 'arXiv',
  openalex: 'OpenAlex',
  beir: 'SciFact',
};

/**
 * A corpus record as a `Work`. Its id is the DOI when there is one (so the same article from
 * arXiv and OpenAlex is one work), else 'arxiv:<id>' or '<source>:<id>'.
 */
export function recordToWork(record: LiteratureRecord): Work {
  const arxivDoi = record.source === 'arxiv' ? `arxiv:${record.sourceId}` : null;
  const id = record.doi ?? arxivDoi ?? `${record.source}:${record.sourceId}`;
  const work = emptyWork({ refId: '', id, title: record.title });
  const arxivId = arxivDoi ? arxivIdOf(arxivDoi) : null;
  return {
    ...work,
    doi: record.doi ?? arxivDoi,
    type: record.type ?? (record.source === 'arxiv' ? 'preprint' : 'article'),
    authors: record.authors,
    published_year: record.year,
    published_month: record.month,
    published_day: record.day,
    container_title: record.container_title,
    source: SOURCE_NAMES[record.source],
    volume: record.volume,
    issue: record.issue,
    page: record.page,
    publisher: record.publisher,
    abstract: record.abstract,
    hyperlink:
      record.url ??
      (arxivId
        ? `https://arxiv.org/abs/${arxivId}`
        : record.doi
          ? `https://doi.org/${record.doi}`
          : null),
    subjects: record.subjects,
    subjects_str: record.subjects.length > 0 ? record.subjects.join('; ') : null,
    is_referenced_by_count: record.is_referenced_by_count,
  };
}
