import { parseStream, statusData } from '../../../shared/ai/stream-markers';
import type { CitedWork } from '../../../shared/citations/work';

/** A section run stopped because its job was cancelled. */
export class SectionCancelledError extends Error {
  constructor() {
    super('The section was cancelled');
  }
}

export interface CollectedSection {
  content: string;
  /** The checked works the text cites. */
  citations: CitedWork[];
  /** Citations the filter removed because they named works outside the evidence. */
  removedCitations: number;
  /** The sentences whose citations the filter removed, as the model wrote them. */
  removedClaims: string[];
}

/**
 * Runs a section stream (writeWithModel's marker protocol) to its end for a job, which stores
 * the result instead of streaming it: the text, its checked citations and how many citations
 * were removed. Throws when the engine reports an error or `signal` was aborted.
 */
export async function collectSection(
  stream: AsyncIterable<string>,
  signal: AbortSignal,
): Promise<CollectedSection> {
  let received = '';
  for await (const piece of stream) received += piece;
  if (signal.aborted) throw new SectionCancelledError();
  const parsed = parseStream(received);
  if (parsed.error !== null) throw new Error(parsed.error);
  if (!parsed.finished) throw new Error('The section was not finished');
  const data = (name: string) =>
    parsed.statuses.map((status) => statusData(status, name)).find((value) => value !== undefined);
  const removed = data('removed-citations');
  return {
    content: parsed.text.trim(),
    citations: (data('citations') as CitedWork[] | undefined) ?? [],
    removedCitations: typeof removed === 'number' ? removed : 0,
    removedClaims: (data('removed-citation-claims') as string[] | undefined) ?? [],
  };
}
