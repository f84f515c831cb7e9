/** WebM fixtures built from EBML elements (Matroska element IDs) for the video upload tests. */

/** An EBML element: its ID bytes, its size as an 8-byte vint, its content (children or a value). */
export function ebml(id: number[], ...content: Buffer[]): Buffer {
  const data = Buffer.concat(content);
  const size = Buffer.alloc(8);
  size.writeUInt8(0x01, 0);
  size.writeUIntBE(data.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, data]);
}

/**
 * A minimal WebM (Matroska spec, EBML element IDs): EBML header (DocType), Segment with Info, Tracks (one VP8 video
 * TrackEntry) and a Cluster holding one SimpleBlock. Options drop parts to build broken variants.
 */
export function webmFile(options: { docType?: string; segment?: boolean; tracks?: boolean } = {}): Buffer {
  const u8 = (n: number) => Buffer.from([n]);
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebml([0x42, 0x86], u8(1)),
    ebml([0x42, 0xf7], u8(1)),
    ebml([0x42, 0xf2], u8(4)),
    ebml([0x42, 0xf3], u8(8)),
    ebml([0x42, 0x82], Buffer.from(options.docType ?? "webm")),
    ebml([0x42, 0x87], u8(2)),
    ebml([0x42, 0x85], u8(2)),
  );
  if (options.segment === false) return header;
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
    ebml([0x4d, 0x80], Buffer.from("test")),
    ebml([0x57, 0x41], Buffer.from("test")),
  );
  const tracks = ebml(
    [0x16, 0x54, 0xae, 0x6b],
    ebml(
      [0xae],
      ebml([0xd7], u8(1)),
      ebml([0x73, 0xc5], u8(1)),
      ebml([0x83], u8(1)),
      ebml([0x86], Buffer.from("V_VP8")),
      ebml([0xe0], ebml([0xb0], u8(16)), ebml([0xba], u8(16))),
    ),
  );
  const cluster = ebml(
    [0x1f, 0x43, 0xb6, 0x75],
    ebml([0xe7], u8(0)),
    ebml([0xa3], Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.alloc(32, 7)])),
  );
  const body = options.tracks === false ? [info, cluster] : [info, tracks, cluster];
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], ...body)]);
}
