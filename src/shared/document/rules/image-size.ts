/**
 * Image sizes, written as a Pandoc-style attribute block right after the image:
 * `![alt](src){width=320 height=200}`, `{width=320}` or `{height=200}`. Sizes are whole
 * pixels without leading zeros, so the text reads back identically. Any other brace text
 * after an image stays literal.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';

export interface ImageSize {
  width: number | null;
  height: number | null;
}

export interface ImageSizeMatch extends ImageSize {
  end: number;
}

const PIXELS = '([1-9][0-9]{0,5})';
const SIZE_BLOCK = new RegExp(
  `\\{(?:width=${PIXELS}(?: height=${PIXELS})?|height=${PIXELS})\\}`,
  'y',
);

/** Reads `{width=W height=H}` (either part optional, width first) at `pos`. */
export function scanImageSize(src: string, pos: number, max = src.length): ImageSizeMatch | null {
  SIZE_BLOCK.lastIndex = pos;
  const match = SIZE_BLOCK.exec(src);
  if (!match || pos + match[0].length > max) return null;
  const [whole, width, heightAfterWidth, heightAlone] = match;
  const height = heightAfterWidth ?? heightAlone;
  return {
    end: pos + whole.length,
    width: width === undefined ? null : Number(width),
    height: height === undefined ? null : Number(height),
  };
}

/** The attribute block for a size, or '' when neither side is a positive whole number. */
export function formatImageSize(size: ImageSize): string {
  const parts: string[] = [];
  const width = toPixels(size.width);
  const height = toPixels(size.height);
  if (width !== null) parts.push(`width=${width}`);
  if (height !== null) parts.push(`height=${height}`);
  return parts.length > 0 ? `{${parts.join(' ')}}` : '';
}

function toPixels(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const rounded = Math.min(Math.round(value), 999_999);
  return rounded > 0 ? rounded : null;
}

function imageSize(state: StateInline, silent: boolean): boolean {
  // In silent mode (label scanning) no image token exists to attach to.
  if (silent || state.src.charCodeAt(state.pos) !== 0x7b /* { */ || state.pending !== '')
    return false;
  const image = state.tokens[state.tokens.length - 1];
  if (image?.type !== 'image' || image.meta?.sized === true) return false;
  const match = scanImageSize(state.src, state.pos, state.posMax);
  if (!match) return false;
  image.meta = { ...image.meta, width: match.width, height: match.height, sized: true };
  state.pos = match.end;
  return true;
}

/** Copies `{width=.. height=..}` onto the preceding `image` token's meta. */
export function imageSizePlugin(md: MarkdownIt): void {
  md.inline.ruler.after('image', 'image_size', imageSize);
}
