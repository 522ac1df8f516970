import { type PageText, lineText } from './layout-types';

/** How many lines at the top and bottom of a page may be running heads or page numbers. */
const EDGE_LINES = 2;
/** ...and only within this share of the page's height from its top or bottom. */
const EDGE_BAND = 0.12;

const PAGE_NUMBER = /^(page\s*)?[-–—]?\s*([0-9]+|[ivxlcdm]+)\s*[-–—]?(\s*(of|\/)\s*[0-9]+)?$/i;

/** Digits vary from page to page in running heads ('Smith et al. 3'); they are ignored. */
const normalise = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[0-9]+/g, '#')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Drops page numbers and running headers or footers: lines at a page's top or bottom edge, no
 * larger than the body text, whose text (digits aside) recurs at the edge of at least half of the pages (two at least).
 */
export function dropRunningLines(pages: PageText[]): PageText[] {
  const edgeCounts = new Map<string, number>();
  // Running heads are set no larger than the body; a recurring larger line is a heading.
  const sizes = pages.flatMap((page) => page.lines.map((line) => line.size)).sort((a, b) => a - b);
  const medianSize = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const edges = pages.map((page) => {
    const top = page.lines.slice(0, EDGE_LINES);
    const bottom = page.lines.slice(Math.max(EDGE_LINES, page.lines.length - EDGE_LINES));
    const nearEdge = (y: number) =>
      y > page.height * (1 - EDGE_BAND) || y < page.height * EDGE_BAND;
    return new Set(
      [...top, ...bottom].filter((line) => line.size <= medianSize * 1.05 && nearEdge(line.y)),
    );
  });
  for (const edge of edges) {
    const seen = new Set([...edge].map((line) => normalise(lineText(line))));
    for (const text of seen) edgeCounts.set(text, (edgeCounts.get(text) ?? 0) + 1);
  }
  const recurring = Math.max(2, Math.ceil(pages.length / 2));
  return pages.map((page, index) => {
    const edge = edges[index] ?? new Set();
    return {
      ...page,
      lines: page.lines.filter((line) => {
        if (!edge.has(line)) return true;
        const text = lineText(line).trim();
        if (PAGE_NUMBER.test(text)) return false;
        return (edgeCounts.get(normalise(text)) ?? 0) < recurring;
      }),
    };
  });
}
