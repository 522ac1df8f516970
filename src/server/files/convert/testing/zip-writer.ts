import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A minimal zip writer for the hostile set: entries deflated, declared sizes true unless
 * `declaredSize` lies about them. Entries that share one data buffer are deflated once, so a
 * zip of ten thousand parts is quick to write.
 */
export function writeZip(
  entries: { name: string; data: Uint8Array; declaredSize?: number }[],
): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const deflated = new Map<Uint8Array, Buffer>();
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflated.get(entry.data) ?? deflateRawSync(entry.data);
    deflated.set(entry.data, compressed);
    const crc = crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.byteLength + name.byteLength + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A .docx-looking zip whose one part inflates to `megabytes` of zeros. */
export function zipBomb(megabytes: number): Uint8Array {
  return writeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'word/document.xml', data: new Uint8Array(megabytes * 1024 * 1024) },
  ]);
}

/**
 * A .docx-looking zip whose main part declares 1,000 bytes but inflates to `megabytes` of
 * zeros: its declared sizes and ratio pass any check that trusts them.
 */
export function lyingZipBomb(megabytes: number): Uint8Array {
  return writeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    {
      name: 'word/document.xml',
      data: new Uint8Array(megabytes * 1024 * 1024),
      declaredSize: 1000,
    },
  ]);
}
