import { ApiError, apiFetch } from '../../api/http';

interface CitationAnswer {
  citations?: { doi: string; reference: string }[];
}

/**
 * The APA reference of one DOI from POST /api/citation. Failures carry spec 000 §8's
 * messages, which the reference modal shows after 'Error: '.
 */
export async function fetchApaCitation(doi: string): Promise<string> {
  let answer: CitationAnswer;
  try {
    answer = await apiFetch<CitationAnswer>('/api/citation', {
      method: 'POST',
      body: JSON.stringify({ doi }),
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
