/**
 * Media fixtures for upload tests: the smallest files that the upload checks accept as what they claim to be
 * (src/server/modules/uploads: an MP4 must parse up to its movie box).
 */

/** An ISO-BMFF box: 32-bit size, type, payload. */
export function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, payload]);
}

/** A movie header box (mvhd version 0: timescale 1000, rate 1, volume 1, identity matrix). */
function movieBox(): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(0x00010000, 36);
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96);
  return box("moov", box("mvhd", mvhd));
}

/** An MP4 of `size` bytes that parses: an ftyp box, a movie box, then an mdat box of `fill` bytes. */
export function mp4(size: number, fill = 0): Buffer {
  const head = Buffer.concat([
    box("ftyp", Buffer.concat([Buffer.from("isom"), Buffer.alloc(4), Buffer.from("isommp41")])),
    movieBox(),
  ]);
  const data = Buffer.alloc(size, fill);
  head.copy(data);
  data.writeUInt32BE(size - head.length, head.length);
  data.write("mdat", head.length + 4, "latin1");
  return data;
}
