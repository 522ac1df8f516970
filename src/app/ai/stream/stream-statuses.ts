import { statusData } from '../../../shared/ai/stream-markers';
import { toCitedWork } from '../../../shared/citations/work-payload';
import type { CitedWork } from '../../../shared/citations/work';

function lastData(statuses: readonly string[], name: string): unknown {
  for (let index = statuses.length - 1; index >= 0; index--) {
    try {
      const data = statusData(statuses[index] as string, name);
      if (data !== undefined) return data;
    } catch {
      // A status whose data does not parse is skipped like an unknown one.
    }
  }
  return undefined;
}

/** The checked works the answer cites (`[STATUS:citations:…]`), already stored on the paper. */
export function citedWorksOf(statuses: readonly string[]): CitedWork[] {
  const data = lastData(statuses, 'citations');
  if (!Array.isArray(data)) return [];
  return data.flatMap((payload) => {
    try {
      return [toCitedWork(payload)];
    } catch {
      return [];
    }
  });
}

/** How many citations the server removed because their work was not in the evidence set. */
export function removedCitationsOf(statuses: readonly string[]): number {
  const data = lastData(statuses, 'removed-citations');
  return typeof data === 'number' ? data : 0;
}

/**
 * The paper's files that did not fit the model's context whole (`[STATUS:files-shortened:…]`):
 * only their parts most relevant to the section were sent, or none of them.
 */
export function shortenedFilesOf(statuses: readonly string[]): string[] {
  const data = lastData(statuses, 'files-shortened');
  return Array.isArray(data) ? data.filter((name): name is string => typeof name === 'string') : [];
}

/** True when the engine found no literature relevant to the section (`[STATUS:no-relevant-literature:true]`). */
export function noRelevantLiteratureOf(statuses: readonly string[]): boolean {
  return lastData(statuses, 'no-relevant-literature') === true;
}

/** Why the answer is the section as it was (`[STATUS:unchanged:"…"]`), or null. */
export function unchangedReasonOf(statuses: readonly string[]): string | null {
  const data = lastData(statuses, 'unchanged');
  return typeof data === 'string' ? data : null;
}

/** The works a summary is about (`[STATUS:work:{refId,title,doi}]`), or null. */
export function summaryWorkOf(statuses: readonly string[]): { title: string } | null {
  const data = lastData(statuses, 'work');
  return data && typeof data === 'object' && 'title' in data && typeof data.title === 'string'
    ? { title: data.title }
    : null;
}

const STEPS: Record<string, string> = {
  planning: 'Planning literature queries',
  searching: 'Searching the literature',
  writing: 'Writing',
};

/** What the engine is doing now, for the line beside 'Generating...'; null before it says. */
export function progressOf(statuses: readonly string[]): string | null {
  for (let index = statuses.length - 1; index >= 0; index--) {
    const step = STEPS[statuses[index] as string];
    if (step) return step;
  }
  return null;
}
