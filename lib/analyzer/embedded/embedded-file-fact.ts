// An attachment as the fast stage reads it (facts/embedded.ts collects them): what the advanced stage's
// attachment analysis (embedded-analysis.ts) builds on.
import type { PayloadKind } from "../content/file-magic";

export interface EmbeddedFileFact {
  name: string;
  objectRef?: string;
  path: string;
  size: number;
  sha256: string;
  md5: string;
  kind: PayloadKind;
  /** declared MIME /Subtype */
  subtype?: string;
  /** decoded bytes (bounded by the stream budget) */
  data: Uint8Array;
  /** decoding stopped early: the payload is not complete */
  incomplete: boolean;
  /** a data file by its name and its bytes (XML, CSV, text, images, Office documents without macros): nothing in it runs (data-attachment.ts) */
  dataOnly: boolean;
}
