import { describe, expect, it } from 'vitest';
import { inlineSummary, inlineTokens } from '../testing/tokens';
import { formatImageSize, scanImageSize } from './image-size';

describe('image size rule', () => {
  it('reads width and height in canonical order', () => {
    expect(scanImageSize('{width=320 height=200}', 0)).toEqual({
      end: 22,
      width: 320,
      height: 200,
    });
    expect(scanImageSize('{width=5}', 0)).toEqual({ end: 9, width: 5, height: null });
    expect(scanImageSize('{height=7}', 0)).toEqual({ end: 10, width: null, height: 7 });
  });

  it('rejects anything else', () => {
    for (const text of [
      '{width=0}',
      '{width=07}',
      '{height=1 width=2}',
      '{width= 3}',
      '{width=3px}',
      '{}',
    ]) {
      expect(scanImageSize(text, 0), text).toBeNull();
    }
  });

  it('attaches the size to the image right before it', () => {
    const [image] = inlineTokens('![a](b.png){width=320 height=200}');
    expect(image?.meta).toMatchObject({ width: 320, height: 200 });
  });

  it('leaves braces that do not follow an image, or a second size, as text', () => {
    expect(inlineSummary('x {width=3}')).toEqual(['text:x {width=3}']);
    expect(inlineSummary('![a](b) {width=3}')).toEqual(['image', 'text: {width=3}']);
    expect(inlineSummary('![a](b){width=3}{width=4}')).toEqual(['image', 'text:{width=4}']);
  });

  it('formats whole positive pixels only', () => {
    expect(formatImageSize({ width: 320.4, height: null })).toBe('{width=320}');
    expect(formatImageSize({ width: 0, height: -3 })).toBe('');
    expect(formatImageSize({ width: 1, height: 2 })).toBe('{width=1 height=2}');
  });
});
