export interface ImageData {
  type: 'png' | 'jpg' | 'gif' | 'bmp';
  data: Buffer;
  width: number;
  height: number;
}

const TYPES: Record<string, ImageData['type']> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
};

// The first bytes of each format: a data URL whose bytes do not start so would not load.
const SIGNATURES: Record<string, (data: Buffer) => boolean> = {
  'image/png': (data) => data.toString('latin1', 0, 8) === '\x89PNG\r\n\x1a\n',
  'image/jpeg': (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  'image/jpg': (data) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff,
  'image/gif': (data) => data.toString('latin1', 0, 4) === 'GIF8',
  'image/bmp': (data) => data.toString('latin1', 0, 2) === 'BM',
  'image/webp': (data) =>
    data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP',
};

/**
 * Whether an image embedded in the paper would load: a data URL whose bytes are the format it
 * names (formats without a known signature, such as SVG, are taken as they are). Remote
 * addresses never load, since exports fetch nothing.
 */
export function isLoadableImage(src: string): boolean {
  if (!src.startsWith('data:image/')) return false;
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(src);
  if (!match) return true;
  const data = Buffer.from(match[2] ?? '', 'base64');
  const signature = SIGNATURES[(match[1] ?? '').toLowerCase()];
  return data.length > 0 && (signature === undefined || signature(data));
}

const DEFAULT_WIDTH = 400;
// Word pages are about 6.3 inches wide between margins: 600 px at 96 dpi.
const MAX_WIDTH = 600;

/**
 * The bytes and display size of an embedded (data URL) image. Size: the paper's own width and
 * height, else the PNG's pixel size, else a default; never wider than the page.
 */
export function imageFromDataUrl(
  src: string,
  size: { width: number | null; height: number | null },
): ImageData | null {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(src);
  if (!match) return null;
  const type = TYPES[(match[1] ?? '').toLowerCase()];
  if (!type) return null;
  if (!isLoadableImage(src)) return null;
  const data = Buffer.from(match[2] ?? '', 'base64');
  const natural = type === 'png' ? pngSize(data) : null;
  const ratio = natural ? natural.height / natural.width : 0.75;
  let width = size.width ?? natural?.width ?? DEFAULT_WIDTH;
  let height = size.height ?? Math.round(width * ratio);
  if (width > MAX_WIDTH) {
    height = Math.round((height * MAX_WIDTH) / width);
    width = MAX_WIDTH;
  }
  return { type, data, width, height };
}

function pngSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 24 || data.toString('ascii', 12, 16) !== 'IHDR') return null;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}
