import type { Line, Segment, SegmentPart, TextPiece } from './layout-types';

/** A gap this many font sizes wide separates columns or table cells, not words. */
const SEGMENT_GAP = 1.2;
/**
 * A gap this wide is no word space (a space is about 0.28 of the size), so it may part table
 * cells: a tight table's columns sit closer than SEGMENT_GAP (issue 33 item 13: 'FA' and 'n').
 */
const PART_GAP = 0.6;
/** A gap this wide between pieces is a space the PDF did not write as a character. */
const WORD_GAP = 0.12;

const joinedText = (before: string, gap: number, piece: TextPiece): string => {
  const needsSpace = gap > WORD_GAP * piece.size && !/\s$/.test(before) && !/^\s/.test(piece.text);
  return before + (needsSpace ? ' ' : '') + piece.text;
};

function joinPiece(segment: Segment & { parts: SegmentPart[] }, piece: TextPiece): void {
  const gap = piece.x - segment.right;
  segment.text = joinedText(segment.text, gap, piece);
  const part = segment.parts.at(-1);
  if (part && gap <= PART_GAP * piece.size) {
    part.text = joinedText(part.text, gap, piece);
    part.right = Math.max(part.right, piece.x + piece.width);
  } else segment.parts.push({ x: piece.x, right: piece.x + piece.width, text: piece.text });
  segment.right = Math.max(segment.right, piece.x + piece.width);
  segment.size = Math.max(segment.size, piece.size);
}

const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Bullet glyphs, including the Symbol/Wingdings ones PDFs map into the private use area. */
const BULLET_GLYPH = /^[•●○◦▪■‣⁃∙·\uE000-\uF8FF]$/u;

/** A bullet set apart from its item by a tab stop belongs to the item, not a cell of its own. */
function attachBullets(segments: Segment[]): Segment[] {
  const result: Segment[] = [];
  for (const segment of segments) {
    const previous = result.at(-1);
    if (previous && BULLET_GLYPH.test(previous.text) && result.length === 1) {
      previous.text = `• ${segment.text}`;
      previous.right = segment.right;
      previous.parts = undefined;
    } else result.push({ ...segment });
  }
  return result;
}

function segmentsOf(pieces: TextPiece[]): Segment[] {
  const sorted = [...pieces].sort((a, b) => a.x - b.x);
  const segments: (Segment & { parts: SegmentPart[] })[] = [];
  for (const piece of sorted) {
    const current = segments.at(-1);
    if (current && piece.x - current.right <= SEGMENT_GAP * piece.size) joinPiece(current, piece);
    else {
      const span = { x: piece.x, right: piece.x + piece.width, text: piece.text };
      segments.push({ ...span, size: piece.size, parts: [{ ...span }] });
    }
  }
  return attachBullets(
    segments
      .map((segment) => {
        const parts = segment.parts
          .map((part) => ({ ...part, text: tidy(part.text) }))
          .filter((part) => part.text !== '');
        return {
          ...segment,
          text: tidy(segment.text),
          parts: parts.length > 1 ? parts : undefined,
        };
      })
      .filter((segment) => segment.text !== ''),
  );
}

/** The most common size among the pieces, weighted by their length (sub/superscripts lose). */
function dominantSize(pieces: TextPiece[]): number {
  const weights = new Map<number, number>();
  for (const piece of pieces) {
    const size = Math.round(piece.size * 2) / 2;
    weights.set(size, (weights.get(size) ?? 0) + piece.text.length);
  }
  let best = pieces[0]?.size ?? 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight || (weight === bestWeight && size > best)) {
      best = size;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Groups a page's pieces into lines, top to bottom: pieces whose baselines are within 40% of
 * the font size share a line (subscripts and superscripts included).
 */
export function pageLines(page: number, pieces: TextPiece[]): Line[] {
  const sorted = pieces
    .filter((piece) => piece.text.trim() !== '' && piece.size > 0)
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: TextPiece[][] = [];
  let anchor: TextPiece | undefined;
  for (const piece of sorted) {
    const group = groups.at(-1);
    if (
      group &&
      anchor &&
      Math.abs(anchor.y - piece.y) <= 0.4 * Math.max(anchor.size, piece.size)
    ) {
      group.push(piece);
      if (piece.size > anchor.size) anchor = piece;
    } else {
      groups.push([piece]);
      anchor = piece;
    }
  }
  return groups
    .map((group) => {
      const size = dominantSize(group);
      const baseline = group.find((piece) => Math.round(piece.size * 2) / 2 === size) ?? group[0];
      return { page, y: baseline?.y ?? 0, size, segments: segmentsOf(group) };
    })
    .filter((line) => line.segments.length > 0);
}
