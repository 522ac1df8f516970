import { emptyWork, type Work } from '../../../shared/citations/work';
import { cleanText } from '../formats/text-cleanup';

/** A work as a source adapter builds it: not stored yet, so no refId. */
export function sourceWork(id: string, title: string, fields: Partial<Work>): Work {
  const work: Work = { ...emptyWork({ refId: '', id, title }), ...fields };
  work.subjects_str = work.subjects.length > 0 ? work.subjects.join('; ') : null;
  return work;
}

/** The first usable string of a value that APIs send either as a string or a list of them. */
export function firstText(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = cleanText(item);
      if (text !== null) return text;
    }
    return null;
  }
  return cleanText(value);
}

export function textList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map(cleanText).filter((text) => text !== null);
}

export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
