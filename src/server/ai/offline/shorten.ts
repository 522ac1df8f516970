import { keyTerms } from '../text/key-terms';
import { splitSentences } from '../text/sentences';
import { mapProseLines, splitLinePrefix } from './prose-lines';

/** The share of sentences an extractive "Make shorter" keeps. */
export const KEEP_SHARE = 0.5;

function vector(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of keyTerms(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, count] of a) {
    na += count * count;
    dot += count * (b.get(term) ?? 0);
  }
  for (const count of b.values()) nb += count * count;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * The offline "Make shorter": keeps the most central half of the sentences (those sharing most
 * vocabulary with the rest, a paragraph's first sentence favoured), in their order, with their
 * citations. Equations, tables and diagrams stay; a paragraph left empty disappears.
 */
export async function shortenByExtraction(markdown: string): Promise<string> {
  const sentences: { line: number; text: string; first: boolean }[] = [];
  await mapProseLines(markdown, (line, index) => {
    splitSentences(splitLinePrefix(line).text).forEach((text, i) =>
      sentences.push({ line: index, text, first: i === 0 }),
    );
    return line;
  });
  if (sentences.length <= 1) return markdown;
  const vectors = sentences.map((sentence) => vector(sentence.text));
  const scores = vectors.map((own, i) => {
    let sum = 0;
    vectors.forEach((other, j) => {
      if (i !== j) sum += cosine(own, other);
    });
    return sum / (vectors.length - 1) + (sentences[i]?.first ? 0.1 : 0);
  });
  const keep = Math.max(1, Math.ceil(sentences.length * KEEP_SHARE));
  const kept = new Set(
    scores
      .map((score, index) => ({ score, index }))
      .sort((a, b) => b.score - a.score)
      .slice(0, keep)
      .map((entry) => entry.index),
  );
  const byLine = new Map<number, string[]>();
  sentences.forEach((sentence, index) => {
    if (!kept.has(index)) return;
    byLine.set(sentence.line, [...(byLine.get(sentence.line) ?? []), sentence.text]);
  });
  return mapProseLines(markdown, (line, index) => {
    const texts = byLine.get(index);
    return texts ? splitLinePrefix(line).prefix + texts.join(' ') : null;
  });
}
