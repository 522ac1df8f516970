import { ApiError, apiFetch } from '../../api/http';

interface CitationAnswer {
  citations?: { doi: string | null; reference: string }[];
}

/**
 * The APA reference of one work from POST /api/citation, asked by DOI as the spec does, or by
 * refId for a stored work without one. Failures carry spec 000 §8's messages, which the
 * reference modal shows after 'Error: '.
 */
export async function fetchApaCitation(query: { doi: string } | { refIds: [string] }) {
  let answer: CitationAnswer;
  try {
    answer = await apiFetch<CitationAnswer>('/api/citation', {
      method: 'POST',
      body: JSON.stringify(query),
    });
  } catch (error) {
    if (error instanceof ApiError)
      throw new Error(`Citation API error: ${error.status}`, { cause: error });
    throw error;
  }
  const reference = answer.citations?.[0]?.reference.trim();
  if (!reference) throw new Error('Citation not found');
  return reference;
}
