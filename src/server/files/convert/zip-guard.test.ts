import { describe, expect, it } from 'vitest';
import { lyingZipBomb, writeZip, zipBomb } from './testing/zip-writer';
import { ZIP_LIMITS, inspectZip } from './zip-guard';

describe('inspectZip', () => {
  it('lists the parts of an ordinary zip', async () => {
    const zip = writeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>'.repeat(100)) },
    ]);
    expect(await inspectZip(zip)).toEqual(['[Content_Types].xml', 'word/document.xml']);
  });

  it('refuses a zip bomb by its compression ratio without inflating it', async () => {
    await expect(inspectZip(zipBomb(50))).rejects.toThrow(/zip bomb/);
  });

  it('refuses declared sizes beyond the limit, even when they lie', async () => {
    const liar = writeZip([
      { name: 'a.xml', data: Buffer.from('x'), declaredSize: ZIP_LIMITS.maxUncompressedBytes + 1 },
    ]);
    await expect(inspectZip(liar)).rejects.toThrow(/zip bomb/);
  });

  it('refuses a zip whose parts inflate to more than they declare, without inflating them whole', async () => {
    // 50 MB of zeros deflate to about 50 KB, so the declared ratio (1,000 bytes) looks harmless.
    await expect(inspectZip(lyingZipBomb(50))).rejects.toThrow(/zip bomb/);
  });

  it('refuses too many entries', async () => {
    const data = Buffer.from('x');
    const many = writeZip(
      Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, index) => ({
        name: `part${index}.xml`,
        data,
      })),
    );
    await expect(inspectZip(many)).rejects.toThrow(/too many parts/);
  });

  it('reports a damaged zip clearly', async () => {
    await expect(inspectZip(Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toThrow(
      /damaged/,
    );
  });
});
