import type { Browser } from 'playwright-core';

/**
 * PNG to WebP through the browser's own encoder (canvas.toDataURL), so the committed
 * screenshots are small without an image library.
 */
export async function toWebp(browser: Browser, png: Buffer, quality = 0.82): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const dataUrl = await page.evaluate(
      async ({ source, quality }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d')?.drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', quality);
      },
      { source: `data:image/png;base64,${png.toString('base64')}`, quality },
    );
    if (!dataUrl.startsWith('data:image/webp')) throw new Error('This browser cannot encode WebP');
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await page.close();
  }
}
