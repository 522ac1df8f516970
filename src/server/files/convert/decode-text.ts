import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ConversionError } from './conversion-error';

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function bomEncoding(bytes: Uint8Array): { encoding: string; skip: number } | undefined {
  for (const [bom, encoding] of BOMS) {
    if (bom.every((byte, index) => bytes[index] === byte)) return { encoding, skip: bom.length };
  }
  return undefined;
}

function validUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Control characters other than tab, newlines and form feed mark binary data. */
function looksBinary(value: string): boolean {
  const sample = value.slice(0, 8192);
  if (sample.length === 0) return false;
  let control = 0;
  for (const char of sample) {
    const code = char.charCodeAt(0);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) control += 1;
  }
  return control / sample.length > 0.02;
}

/**
 * Text files arrive in whatever encoding the author's system used. A byte-order mark decides;
 * otherwise valid UTF-8 is taken as UTF-8 (detectors misjudge short ASCII-heavy texts), and
 * anything else is decoded with the encoding chardet finds most likely (Windows-1252 when it
 * has no guess iconv-lite knows).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  const bom = bomEncoding(bytes);
  let decoded: { text: string; encoding: string };
  if (bom) {
    decoded = {
      text: iconv.decode(Buffer.from(bytes.subarray(bom.skip)), bom.encoding),
      encoding: bom.encoding,
    };
  } else {
    const utf8 = validUtf8(bytes);
    if (utf8 !== undefined) decoded = { text: utf8, encoding: 'utf-8' };
    else {
      const guess = chardet.detect(bytes);
      // Like browsers, read Latin-1 as Windows-1252: its 0x80–0x9F are quotes and dashes.
      const known = guess && iconv.encodingExists(guess) ? guess : 'windows-1252';
      const encoding = /^iso-8859-1$/i.test(known) ? 'windows-1252' : known;
      decoded = {
        text: iconv.decode(Buffer.from(bytes), encoding),
        encoding: encoding.toLowerCase(),
      };
    }
  }
  if (looksBinary(decoded.text)) {
    throw new ConversionError('This file does not contain text; it may be a binary file renamed.');
  }
  return { text: decoded.text.replace(/\r\n?/g, '\n'), encoding: decoded.encoding };
}
