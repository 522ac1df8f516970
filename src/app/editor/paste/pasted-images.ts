/** Keeps an image inside the paper itself, so it survives without the clipboard's source. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(file);
  });
}

const KEEPABLE_SRC = /^(?:https?:|data:image\/)/i;

/**
 * Word puts pasted pictures in the HTML as `file:` paths the browser may not read, and the
 * pictures themselves beside it as image files: each unreadable `<img>` takes the next file,
 * as a data URL. Images with nothing to take are dropped rather than left broken.
 */
export async function embedPastedImages(root: ParentNode, files: readonly File[]): Promise<void> {
  const images = files.filter((file) => file.type.startsWith('image/'));
  for (const image of root.querySelectorAll('img')) {
    if (KEEPABLE_SRC.test(image.getAttribute('src') ?? '')) continue;
    const file = images.shift();
    if (file) image.setAttribute('src', await readAsDataUrl(file));
    else image.remove();
  }
}
