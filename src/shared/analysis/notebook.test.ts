import { describe, expect, it } from 'vitest';
import {
  IMAGE_LIMIT_CHARS,
  IMAGE_PREFIX,
  INVALID_IMAGE_MESSAGE,
  isValidNotebook,
  notebookOf,
  pngDataUrl,
} from './notebook';

// The first bytes of a PNG file (signature and IHDR length), base64.
const PNG_START = 'iVBORw0KGgoAAAANSUhEUg==';

describe('the notebook checks of spec 002 §5', () => {
  it('accepts a notebook of markdown and code cells only', () => {
    const markdown = { cell_type: 'markdown', id: 'a', source: '# Q', metadata: {} };
    const code = { cell_type: 'code', id: 'b', source: 'print(1)', metadata: {}, outputs: [] };
    expect(isValidNotebook(notebookOf([markdown, code] as never))).toBe(true);
    expect(isValidNotebook({ cells: [markdown, { cell_type: 'raw', source: 'x' }] })).toBe(false);
    expect(isValidNotebook({ cells: [markdown, null] })).toBe(false);
    expect(isValidNotebook({ cells: 'not a list' })).toBe(false);
    expect(isValidNotebook(null)).toBe(false);
  });

  it('makes a PNG data URL of valid base64 within the limit, else the spec message', () => {
    expect(pngDataUrl(PNG_START)).toEqual({ url: `${IMAGE_PREFIX}${PNG_START}` });
    // Kernels wrap long base64 over lines; a data URL given whole is kept.
    expect(pngDataUrl(`iVBORw0K\nGgoAAAAN\nSUhEUg==\n`)).toEqual({
      url: `${IMAGE_PREFIX}${PNG_START}`,
    });
    expect(pngDataUrl(`${IMAGE_PREFIX}${PNG_START}`)).toEqual({
      url: `${IMAGE_PREFIX}${PNG_START}`,
    });
    for (const bad of ['not base64!', 'abc', 42, undefined]) {
      expect(pngDataUrl(bad)).toEqual({ error: INVALID_IMAGE_MESSAGE });
    }
    // The limit counts the whole data URL; base64 comes in groups of four characters.
    const largest = Math.floor((IMAGE_LIMIT_CHARS - IMAGE_PREFIX.length) / 4) * 4;
    expect(pngDataUrl('A'.repeat(largest))).toHaveProperty('url');
    expect(pngDataUrl('A'.repeat(largest + 4))).toEqual({ error: INVALID_IMAGE_MESSAGE });
  });
});
