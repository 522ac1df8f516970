/** One run of text as the PDF places it (PDF coordinates: y grows upwards). */
export interface TextPiece {
  x: number;
  y: number;
  width: number;
  size: number;
  text: string;
}

/** A stretch of a segment between gaps wider than a word space: a table cell, if in a table. */
export interface SegmentPart {
  x: number;
  right: number;
  text: string;
}

/** Text on one line without a wide gap inside (a column's line, or a table cell). */
export interface Segment {
  x: number;
  right: number;
  size: number;
  text: string;
  /**
   * Its stretches between narrower gaps (text-lines.ts): in a tight table, cells of two columns
   * can sit closer than a segment's gap and share a segment, but not a part.
   */
  parts?: SegmentPart[];
}

export interface Line {
  page: number;
  y: number;
  size: number;
  /** Left to right. */
  segments: Segment[];
}

export interface PageText {
  width: number;
  height: number;
  lines: Line[];
}

export const lineText = (line: Line): string =>
  line.segments.map((segment) => segment.text).join(' ');

export const lineLeft = (line: Line): number => line.segments[0]?.x ?? 0;

export const lineRight = (line: Line): number => line.segments.at(-1)?.right ?? 0;
