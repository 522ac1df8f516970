import type { Line, PageText, Segment } from './layout-types';

const MIN_COLUMN_LINES = 5;

function crosses(segment: Segment, x: number): boolean {
  return segment.x < x - 1 && segment.right > x + 1;
}

/**
 * The x of a gutter between two text columns, or undefined for a single-column page: a line
 * no more than 10% of the lines cross, with at least five lines of wide text (a quarter of the
 * page) on each side. Tables have narrow cells, so they are not mistaken for columns.
 */
export interface Gutter {
  x: number;
  /** The band of the page the columns fill; lines above or below it span the page. */
  top: number;
  bottom: number;
}

export function findGutter(page: PageText): Gutter | undefined {
  const wide = page.width * 0.25;
  let best: { x: number; crossing: number } | undefined;
  for (let x = page.width * 0.3; x <= page.width * 0.7; x += page.width / 100) {
    let crossing = 0;
    let left = 0;
    let right = 0;
    for (const line of page.lines) {
      if (line.segments.some((segment) => crosses(segment, x))) crossing += 1;
      else {
        if (line.segments.some((s) => s.right <= x && s.right - s.x >= wide)) left += 1;
        if (line.segments.some((s) => s.x >= x && s.right - s.x >= wide)) right += 1;
      }
    }
    if (left < MIN_COLUMN_LINES || right < MIN_COLUMN_LINES) continue;
    if (crossing > page.lines.length * 0.1) continue;
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  if (!best) return undefined;
  const gutter = best.x;
  const columnLines = page.lines.filter((line) =>
    line.segments.some((s) => s.right - s.x >= wide && (s.right <= gutter || s.x >= gutter)),
  );
  const ys = columnLines.map((line) => line.y);
  // Loops, not spreads: a page can hold more lines than a spread's argument limit.
  const slack = columnLines.reduce((largest, line) => Math.max(largest, line.size), 0) * 1.5;
  const top = ys.reduce((highest, y) => Math.max(highest, y), -Infinity);
  const bottom = ys.reduce((lowest, y) => Math.min(lowest, y), Infinity);
  return { x: gutter, top: top + slack, bottom: bottom - slack };
}

/**
 * A page's lines in reading order. On a two-column page, the lines between two full-width
 * lines (title, wide figures' captions) are read left column first, then the right one.
 */
export function readingOrder(page: PageText): Line[] {
  const found = findGutter(page);
  if (found === undefined) return page.lines;
  const gutter = found.x;
  const ordered: Line[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    for (const line of [left, right].flat()) ordered.push(line);
    left = [];
    right = [];
  };
  for (const line of page.lines) {
    const outside = line.y > found.top || line.y < found.bottom;
    if (outside || line.segments.some((segment) => crosses(segment, gutter))) {
      flush();
      ordered.push(line);
      continue;
    }
    const leftSegments = line.segments.filter((segment) => segment.right <= gutter);
    const rightSegments = line.segments.filter((segment) => segment.x >= gutter);
    if (leftSegments.length > 0) left.push({ ...line, segments: leftSegments });
    if (rightSegments.length > 0) right.push({ ...line, segments: rightSegments });
  }
  flush();
  return ordered;
}
