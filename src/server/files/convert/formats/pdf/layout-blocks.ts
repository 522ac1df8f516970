import { type Block, heading, listOf, paragraph, table, text } from '../../document-builder';
import { JoinedLines } from './joined-lines';
import { type Line, type SegmentPart, lineLeft, lineRight, lineText } from './layout-types';

/** Bullet glyphs (Symbol and Wingdings bullets land in the private use area) or a dash. */
const BULLET = /^(?:[•●○◦▪■‣⁃∙·\uE000-\uF8FF]\s*|[*–-]\s+)(.*)$/u;
const ENUMERATED = /^(\d{1,3})[.)]\s+(.*)$/;
const SENTENCE_END = /[.!?:;"”)]$/;
const HEADING_RATIO = 1.15;
const MAX_HEADING_LEVELS = 4;
/**
 * A list whose markers are drawn, not written (Chromium's discs): its items sit at least this
 * many font sizes right of the line before them, past a first-line paragraph indent.
 */
const LIST_INDENT = 2;

/**
 * Large text that can title a section: a word of two letters or more and no relation sign.
 * Display equations are set larger than the body too (KaTeX: 1.21 em), and their lines ('R =',
 * a fraction's numerator) are no headings.
 */
const headingText = (content: string): boolean =>
  /\p{L}{2}/u.test(content) && !/[=<>≤≥≈≠∑∫√]/u.test(content);

const roundSize = (size: number): number => Math.round(size * 2) / 2;

function weightedMode(values: [number, number][]): number {
  const weights = new Map<number, number>();
  for (const [value, weight] of values) weights.set(value, (weights.get(value) ?? 0) + weight);
  let best = 0;
  let bestWeight = -1;
  for (const [value, weight] of weights) {
    if (weight > bestWeight) {
      best = value;
      bestWeight = weight;
    }
  }
  return best;
}

interface Metrics {
  bodySize: number;
  spacing: number;
  headingLevels: Map<number, number>;
}

function measure(lines: Line[]): Metrics {
  const bodySize = weightedMode(lines.map((line) => [roundSize(line.size), lineText(line).length]));
  const gaps: [number, number][] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const previous = lines[index - 1];
    const line = lines[index];
    if (!previous || !line || previous.page !== line.page) continue;
    if (roundSize(previous.size) !== bodySize || roundSize(line.size) !== bodySize) continue;
    const gap = previous.y - line.y;
    if (gap > 0) gaps.push([Math.round(gap * 4) / 4, 1]);
  }
  const typical = gaps.length > 0 ? weightedMode(gaps) : bodySize * 1.2;
  const spacing = Math.min(Math.max(typical, bodySize), bodySize * 2);
  const headingSizes = [
    ...new Set(
      lines
        .filter((line) => {
          const content = lineText(line);
          return (
            line.size >= bodySize * HEADING_RATIO && content.length <= 200 && headingText(content)
          );
        })
        .map((line) => roundSize(line.size)),
    ),
  ].sort((a, b) => b - a);
  const headingLevels = new Map(
    headingSizes.map((size, index) => [size, Math.min(index + 1, MAX_HEADING_LEVELS)]),
  );
  return { bodySize, spacing, headingLevels };
}

/**
 * A table row's cells: its segments' parts, so cells of a tight table that share a segment
 * stay apart. A part that is a word gap rather than a cell gap lines up with no other row's,
 * and columnRanges merges it back into its cell's column.
 */
const cellsOf = (line: Line): SegmentPart[] =>
  line.segments.flatMap((segment) => segment.parts ?? [segment]);

/** Column ranges of a run of multi-cell lines: overlapping cells merged across rows. */
function columnRanges(lines: Line[]): [number, number][] {
  const spans = lines
    .flatMap((line) => cellsOf(line).map((s): [number, number] => [s.x, s.right]))
    .sort((a, b) => a[0] - b[0]);
  const ranges: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = ranges.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

function tableRows(lines: Line[]): string[][] | undefined {
  const ranges = columnRanges(lines);
  if (ranges.length < 2) return undefined;
  return lines.map((line) =>
    ranges.map(([start, end]) =>
      cellsOf(line)
        .filter((segment) => segment.x >= start && segment.right <= end)
        .map((segment) => segment.text)
        .join(' '),
    ),
  );
}

/**
 * Items of a bullet list whose markers are shapes, not text (Chromium prints list discs as
 * paths): two or more sentences that each start a line, all indented by the same amount past
 * the line before them, in the same flow. Undefined when the lines at `start` are no such list.
 */
function drawnMarkerItems(
  lines: Line[],
  start: number,
  spacing: number,
): { items: string[]; end: number } | undefined {
  const first = lines[start];
  const before = lines[start - 1];
  if (!first || !before || before.page !== first.page || before.y <= first.y) return undefined;
  const left = lineLeft(first);
  if (left < lineLeft(before) + LIST_INDENT * first.size) return undefined;
  const items: JoinedLines[] = [];
  let end = start;
  let previous: Line | undefined;
  for (let line = lines[end]; line; line = lines[end]) {
    if (line.segments.length !== 1 || Math.abs(lineLeft(line) - left) > line.size * 0.5) break;
    if (previous) {
      const gap = previous.y - line.y;
      if (line.page !== previous.page || gap <= 0 || gap > spacing * 1.4) break;
    }
    const content = lineText(line);
    const current = items.at(-1);
    if (current && !SENTENCE_END.test(current.end)) current.add(content);
    else items.push(new JoinedLines(content));
    previous = line;
    end += 1;
  }
  if (items.length < 2) return undefined;
  return { items: items.map((item) => item.toString()), end };
}

/**
 * The rows of a table starting at `start`: lines of two or more cells, each with the lines of
 * its cells that wrapped (a line of one cell set tight below a row, inside the table's width)
 * joined into it, so a wrapped cell neither ends the table nor becomes a row of its own.
 */
function tableRun(lines: Line[], start: number, spacing: number): { rows: Line[]; end: number } {
  const first = lines[start] as Line;
  const rows: Line[] = [first];
  let left = lineLeft(first);
  let right = lineRight(first);
  let end = start + 1;
  for (let line = lines[end]; line && line.page === first.page; line = lines[end]) {
    const gap = (lines[end - 1] as Line).y - line.y;
    const row = rows.at(-1) as Line;
    if (line.segments.length >= 2 && gap <= spacing * 3) rows.push(line);
    else if (
      line.segments.length === 1 &&
      gap > 0 &&
      gap <= line.size * 1.6 &&
      lineLeft(line) >= left - line.size * 0.5 &&
      lineRight(line) <= right + line.size
    ) {
      rows[rows.length - 1] = { ...row, segments: [...row.segments, ...line.segments] };
    } else break;
    left = Math.min(left, lineLeft(line));
    right = Math.max(right, lineRight(line));
    end += 1;
  }
  return { rows, end };
}

type Open =
  | { kind: 'paragraph'; text: JoinedLines; last: Line; right: number }
  | {
      kind: 'list';
      ordered: boolean;
      start: number;
      items: JoinedLines[];
      last: Line;
      markerX: number;
    };

/**
 * A document's lines, in reading order, as blocks: headings from font sizes larger than the
 * body text, paragraphs joined across lines, columns and pages, bullet and numbered lists, and
 * tables where two or more lines have cells that line up.
 */
export function layoutBlocks(lines: Line[]): Block[] {
  const { bodySize, spacing, headingLevels } = measure(lines);
  const blocks: Block[] = [];
  let open: Open | undefined;

  const close = () => {
    if (!open) return;
    if (open.kind === 'paragraph') blocks.push(paragraph(text(open.text.toString())));
    else {
      blocks.push(
        listOf(
          open.ordered,
          open.items.map((item) => [paragraph(text(item.toString()))]),
          open.start,
        ),
      );
    }
    open = undefined;
  };

  const continues = (previous: Line, line: Line, previousEnd: string, right: number) => {
    if (Math.abs(previous.size - line.size) > previous.size * 0.1) return false;
    const gap = previous.y - line.y;
    const sameFlow = previous.page === line.page && gap > 0;
    if (!sameFlow) return !SENTENCE_END.test(previousEnd);
    if (gap > spacing * 1.4) return false;
    const ended = SENTENCE_END.test(previousEnd);
    if (ended && lineRight(previous) < right - 4 * line.size) return false;
    if (ended && lineLeft(line) > lineLeft(previous) + line.size) return false;
    return true;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as Line;
    const content = lineText(line);
    const level = headingText(content) ? headingLevels.get(roundSize(line.size)) : undefined;

    if (level !== undefined) {
      close();
      const title = new JoinedLines(content);
      let last = line;
      for (let next = lines[index + 1]; next; next = lines[index + 1]) {
        const gap = last.y - next.y;
        if (roundSize(next.size) !== roundSize(line.size) || next.page !== line.page) break;
        if (gap <= 0 || gap > line.size * 2) break;
        title.add(lineText(next));
        last = next;
        index += 1;
      }
      blocks.push(heading(level, text(title.toString())));
      continue;
    }

    if (line.segments.length >= 2) {
      const { rows: rowLines, end } = tableRun(lines, index, spacing);
      const rows = rowLines.length >= 2 ? tableRows(rowLines) : undefined;
      if (rows) {
        close();
        blocks.push(table(rows.map((row) => row.map((cell) => text(cell)))));
        index = end - 1;
        continue;
      }
    }

    const bullet = BULLET.exec(content);
    const enumerated = bullet ? null : ENUMERATED.exec(content);
    if (bullet || enumerated) {
      const ordered = enumerated !== null;
      const itemText = (bullet?.[1] ?? enumerated?.[2] ?? '').trim();
      if (open?.kind === 'list' && open.ordered === ordered) {
        open.items.push(new JoinedLines(itemText));
        open.last = line;
      } else {
        close();
        open = {
          kind: 'list',
          ordered,
          start: enumerated ? Number(enumerated[1]) : 1,
          items: [new JoinedLines(itemText)],
          last: line,
          markerX: lineLeft(line),
        };
      }
      continue;
    }

    const drawn = drawnMarkerItems(lines, index, spacing);
    if (drawn) {
      close();
      blocks.push(
        listOf(
          false,
          drawn.items.map((item) => [paragraph(text(item))]),
        ),
      );
      index = drawn.end - 1;
      continue;
    }

    if (open?.kind === 'list') {
      const gap = open.last.y - line.y;
      const indented = lineLeft(line) > open.markerX + bodySize * 0.5;
      if (indented && gap > 0 && gap <= spacing * 1.4 && open.last.page === line.page) {
        open.items.at(-1)?.add(content);
        open.last = line;
        continue;
      }
    }

    if (open?.kind === 'paragraph' && continues(open.last, line, open.text.end, open.right)) {
      open.text.add(content);
      open.last = line;
      open.right = Math.max(open.right, lineRight(line));
      continue;
    }
    close();
    open = {
      kind: 'paragraph',
      text: new JoinedLines(content),
      last: line,
      right: lineRight(line),
    };
  }
  close();
  return blocks;
}
