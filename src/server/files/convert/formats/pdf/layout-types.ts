/** One run of text as the PDF places it (PDF coordinates: y grows upwards). */
export interface TextPiece {
  x: number;
  y: number;
  width: number;
  size: number;
  text: string;
}

/** Text on one line without a wide gap inside (a column's line, or a table cell). */
export interface Segment {
  x: number;
  right: number;
  size: number;
  text: string;
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
