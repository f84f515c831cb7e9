/**
 * Spreadsheet bombs written by hand for the upload guard's test (src/server/modules/units/spreadsheet-bombs.test.ts)
 * and its bench (bench/spreadsheet-bombs.ts): zip entries deflated with node's zlib, a zip of them (local headers,
 * data, central directory, end record) and a zip bomb whose worksheet inflates to many MiB. Test and bench code only.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** One zip entry: its name, its deflated bytes, its real CRC and size, and the size its headers declare. */
export interface Entry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  declaredSize: number;
}

/** A deflated entry of `content` (node's zlib: fast enough to build the corpus in the test). */
export function entry(name: string, content: Buffer): Entry {
  const data = deflateRawSync(content, { level: 9 });
  return { name, data, crc: crc32(content), size: content.length, declaredSize: content.length };
}

/** A field of a zip record: its offset, its width in bytes and its value. */
type Field = [number, 2 | 4, number];

/** A zip record of `length` bytes with each [offset, width in bytes, value] written little-endian (zero elsewhere). */
function record(length: number, fields: Field[]): Buffer {
  const bytes = Buffer.alloc(length);
  for (const [at, width, value] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
}

/** A zip written by hand (local headers, data, central directory, end record; APPNOTE.TXT §4.3). */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = Math.min(e.declaredSize, 0xffffffff);
    // Both headers carry the crc, the compressed and the declared size and the name's length, from `at` on.
    const described = (at: number): Field[] => [
      [at, 4, e.crc],
      [at + 4, 4, e.data.length],
      [at + 8, 4, size],
      [at + 12, 2, name.length],
    ];
    // signature, version needed, method deflate | signature, made by, version needed, deflate, …, local header's offset
    const local = record(30, [[0, 4, 0x04034b50], [4, 2, 20], [8, 2, 8], ...described(14)]);
    const central = record(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      [10, 2, 8],
      ...described(16),
      [42, 4, offset],
    ]);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const centralBytes = Buffer.concat(centrals);
  // signature, entries on this disk, entries in all, central directory's size and offset
  const end = record(22, [
    [0, 4, 0x06054b50],
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, centralBytes.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, centralBytes, end]);
}

/** The workbook parts an .xlsx needs besides its worksheet. */
export const workbook = () => [
  entry("[Content_Types].xml", Buffer.from('<?xml version="1.0"?><Types/>')),
  entry("xl/workbook.xml", Buffer.from('<?xml version="1.0"?><workbook><sheets/></workbook>')),
];

/**
 * An .xlsx-shaped zip whose worksheet inflates to `mebibytes` MiB of spaces: the same 1 MiB block compressed once
 * (full flush, so it stands alone) and repeated, then a final empty block. `declaredSize` is what the headers claim
 * (the real size by default; a lie when given).
 */
export function zipBomb(mebibytes: number, declaredSize = mebibytes * 1024 * 1024): Buffer {
  const block = Buffer.alloc(1024 * 1024, 0x20);
  const compressedBlock = deflateRawSync(block, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.concat([
    ...Array.from({ length: mebibytes }, () => compressedBlock),
    deflateRawSync(Buffer.alloc(0)),
  ]);
  let crc = 0;
  for (let i = 0; i < mebibytes; i++) crc = crc32(block, crc);
  const size = mebibytes * 1024 * 1024;
  return zip([{ name: "xl/worksheets/sheet1.xml", data, crc, size, declaredSize }]);
}
