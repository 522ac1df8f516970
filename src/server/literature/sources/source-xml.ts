import { XMLParser } from 'fast-xml-parser';
import { cleanText } from '../formats/text-cleanup';
import { SourceError } from './source-http';

/**
 * XML answers (PubMed's efetch, arXiv's Atom feed) as plain objects. Values stay strings:
 * number parsing is what once turned arXiv's '0903.2544' into 903.2544. Elements that may
 * hold markup (titles, abstracts) are kept raw and flattened to text by `xmlText`.
 */
export function parseXml(label: string, text: string, repeated: string[], raw: string[]) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    isArray: (name) => repeated.includes(name),
    stopNodes: raw.map((name) => `*.${name}`),
  });
  try {
    const parsed = parser.parse(text, true) as unknown;
    if (typeof parsed !== 'object' || parsed === null) throw new Error('empty document');
    return parsed as Record<string, unknown>;
  } catch {
    throw new SourceError('malformed', `${label} answered something that is not valid XML`);
  }
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The text of an element (raw inner XML or parsed value): tags dropped, entities decoded. */
export function xmlText(value: unknown): string | null {
  if (Array.isArray(value)) return cleanText(value.map(xmlText).filter(Boolean).join(' '));
  if (typeof value === 'object' && value !== null) {
    return xmlText((value as Record<string, unknown>)['#text']);
  }
  if (typeof value !== 'string') return null;
  return cleanText(
    value
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16))),
  );
}

export function attribute(value: unknown, name: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  return cleanText((value as Record<string, unknown>)[`@_${name}`]);
}

export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
