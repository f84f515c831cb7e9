/**
 * WebM / Matroska container check for video uploads (ARCHITECTURE security model, uploads;
 * docs/decisions/021-input-hardening.md): the bytes are fed, as they stream in, to the `ebml` package's decoder
 * (node-ebml, the Matroska element schema), and the file passes only when, in this order, an EBML header whose
 * DocType is "webm" or "matroska", a Segment, and inside it the segment Info and a Tracks element with at least one
 * TrackEntry were read, every element on the way being one the Matroska schema knows. Feeding stops as soon as the
 * tracks were read, so the media clusters (most of a 200 MB video) are never parsed or kept; the decoder holds at
 * most WEBM_HEAD_LIMIT_BYTES (a file whose tracks come later is refused).
 */
import { Decoder, type EbmlElement } from "ebml";

/** Most bytes fed to the decoder before the tracks must have been read (headers are a few KB in practice). */
export const WEBM_HEAD_LIMIT_BYTES = 4 * 1024 * 1024;

const DOC_TYPES = new Set(["webm", "matroska"]);

type Chunk = ["start" | "tag" | "end", EbmlElement];

/** Feeds a WebM as it streams; `ready` once the tracks were read, `failed` once it cannot be one. */
export class WebmCheck {
  ready = false;
  failed = false;
  private fed = 0;
  private step: "header" | "segment" | "body" = "header";
  private docType = false;
  private info = false;
  private trackEntries = 0;
  private readonly decoder = new Decoder();

  constructor() {
    // The decoder is driven synchronously: each element it pushes is judged at once.
    this.decoder.push = (chunk: unknown) => {
      if (chunk !== null) this.judge(chunk as Chunk);
      return true;
    };
  }

  /** Judges one decoded element against the expected order (see the module comment). */
  private judge([event, element]: Chunk): void {
    if (this.failed || this.ready) return;
    if (element.name === "unknown" || element.type === null) {
      this.failed = true;
      return;
    }
    if (this.step === "header") {
      if (event === "start" && element.name !== "EBML") this.failed = true;
      else if (event === "tag" && element.name === "DocType") this.docType = DOC_TYPES.has(String(element.value));
      else if (event === "end" && element.name === "EBML") {
        if (this.docType) this.step = "segment";
        else this.failed = true;
      }
      return;
    }
    if (this.step === "segment") {
      if (event === "start" && element.name === "Segment") this.step = "body";
      else if (element.name !== "Void" && element.name !== "CRC-32") this.failed = true;
      return;
    }
    if (event === "end" && element.name === "Info") this.info = true;
    else if (event === "end" && element.name === "TrackEntry") this.trackEntries++;
    else if (event === "end" && element.name === "Tracks") {
      if (this.info && this.trackEntries > 0) this.ready = true;
      else this.failed = true;
    } else if (event === "start" && element.name === "Cluster") this.failed = true; // media before the tracks
  }

  /** Feeds the next bytes of the file (ignored once ready or failed). Never throws. */
  feed(chunk: Uint8Array): void {
    if (this.ready || this.failed) return;
    this.fed += chunk.length;
    if (this.fed > WEBM_HEAD_LIMIT_BYTES) {
      this.failed = true;
      return;
    }
    try {
      this.decoder._transform(Buffer.from(chunk), "buffer", () => {});
    } catch {
      this.failed = true;
    }
  }
}
