/** The part of the `ebml` package (node-ebml, 3.x, no bundled types) that webm.ts uses. */
declare module "ebml" {
  import { Transform } from "node:stream";

  /** One decoded element: its Matroska name ("unknown" outside the schema), type and, for values, the value. */
  export interface EbmlElement {
    name: string;
    type: string | null;
    value?: unknown;
    dataSize?: number;
  }

  /** A streaming EBML decoder: pushes ["start" | "tag" | "end", element] chunks. */
  export class Decoder extends Transform {
    _transform(chunk: Buffer, encoding: string, done: () => void): void;
  }
}
