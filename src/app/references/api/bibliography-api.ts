import { apiFetch } from '../../api/http';

export interface BibliographyAnswer {
  markdown: string;
  entries: { refId: string; xrefId: string; text: string }[];
}

/** The APA reference list of `refIds` as `[xref_…] text` lines, ready to insert. */
export function requestBibliography(
  paperId: string,
  refIds: string[],
): Promise<BibliographyAnswer> {
  return apiFetch<BibliographyAnswer>(`/api/papers/${encodeURIComponent(paperId)}/bibliography`, {
    method: 'POST',
    body: JSON.stringify({ refIds, style: 'apa' }),
  });
}
