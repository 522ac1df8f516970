/** What a file's first bytes say it is, whatever its name claims. */
export type Container = 'pdf' | 'zip' | 'ole' | 'sav' | 'text' | 'binary';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

export function sniffContainer(bytes: Uint8Array): Container {
  // A PDF header may follow a little junk (the spec allows it within the first 1024 bytes).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, ascii('$FL2')) || startsWith(bytes, ascii('$FL3'))) return 'sav';
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return 'text';
  return bytes.subarray(0, 4096).includes(0) ? 'binary' : 'text';
}
