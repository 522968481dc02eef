// The object inspector's answers (issue 22 item 3/4), computed where analyses run (a worker thread of
// the analysis pool) from a retained upload: the object list (filtered by a search text or by the
// object referred to, like pdf-parser -s / -r) with each revision's xref and trailer; one object's
// dictionary with its stream raw or decoded under the limits table's budgets; an embedded file's
// bytes by their SHA-256. Data only, bounded by INSPECTOR_LIMITS: the server sends it as JSON or as a
// password ZIP, and the browser shows decoded bytes as inert text.
import { DEFAULT_LIMITS, INSPECTOR_LIMITS } from "../limits";
import { readPdf } from "../pdf/document";
import {
  listObjects,
  objectLine,
  objectText,
  referencesTo,
  revisions,
  searchObjects,
  streamBytes,
  type ObjectLine,
  type RevisionLine,
} from "../pdf/inspect";
import { collectEmbeddedFiles } from "./facts/embedded";

export type StreamView = "decoded" | "raw";

export type InspectRequest =
  | { op: "objects"; search?: string; refs?: number }
  | { op: "object"; num: number; stream?: StreamView }
  | { op: "embedded"; sha256: string };

export interface ObjectsAnswer {
  op: "objects";
  encrypted: boolean;
  /** objects in the document's table */
  total: number;
  /** the objects asked for (all, or those the filter kept), at most MAX_LISTED_OBJECTS */
  objects: ObjectLine[];
  /** more objects matched than were listed */
  truncated: boolean;
  revisions: RevisionLine[];
}

export interface ObjectAnswer {
  op: "object";
  object: ObjectLine;
  /** the value in PDF syntax (a stream: its dictionary) */
  text: string;
  /** objects that refer to it, at most MAX_REFERRERS */
  referrers: ObjectLine[];
  stream?: { view: StreamView; note: string; totalBytes: number; data: Uint8Array; truncated: boolean };
}

export interface EmbeddedAnswer {
  op: "embedded";
  name: string;
  sha256: string;
  data: Uint8Array;
  /** decoding stopped early (a filter failed or a budget cut it) */
  incomplete: boolean;
}

/** What was asked is not in the document (no such object, no such embedded file). */
export interface MissingAnswer {
  op: "missing";
  message: string;
}

export type InspectAnswer = ObjectsAnswer | ObjectAnswer | EmbeddedAnswer | MissingAnswer;

export function inspectDocument(bytes: Uint8Array, request: InspectRequest, password?: string): InspectAnswer {
  const doc = readPdf(bytes, DEFAULT_LIMITS, password === undefined ? {} : { password });
  switch (request.op) {
    case "objects": {
      const lines =
        request.search !== undefined
          ? searchObjects(doc, request.search)
          : request.refs !== undefined
            ? referencesTo(doc, request.refs)
            : listObjects(doc);
      return {
        op: "objects",
        encrypted: doc.encrypted,
        total: doc.table.size,
        objects: lines.slice(0, INSPECTOR_LIMITS.MAX_LISTED_OBJECTS),
        truncated: lines.length > INSPECTOR_LIMITS.MAX_LISTED_OBJECTS,
        revisions: revisions(doc),
      };
    }
    case "object": {
      const inst = doc.table.get(request.num);
      if (!inst)
        return {
          op: "missing",
          message: `Object ${request.num} is not in the document (it has ${doc.table.size} objects).`,
        };
      const answer: ObjectAnswer = {
        op: "object",
        object: objectLine(inst),
        text: objectText(inst),
        referrers: referencesTo(doc, request.num).slice(0, INSPECTOR_LIMITS.MAX_REFERRERS),
      };
      const stream = request.stream ? streamBytes(doc, inst, request.stream === "decoded") : null;
      if (request.stream && stream) {
        const max = INSPECTOR_LIMITS.MAX_STREAM_SHOWN_BYTES;
        // a copy: the shown part alone crosses the thread boundary, not the buffer it is a view of
        answer.stream = {
          view: request.stream,
          note: stream.note,
          totalBytes: stream.data.length,
          data: stream.data.slice(0, max),
          truncated: stream.data.length > max,
        };
      }
      return answer;
    }
    case "embedded": {
      const file = collectEmbeddedFiles(doc).find((f) => f.sha256 === request.sha256);
      if (!file)
        return { op: "missing", message: `No embedded file with SHA-256 ${request.sha256} is in the document.` };
      return { op: "embedded", name: file.name, sha256: file.sha256, data: file.data, incomplete: file.incomplete };
    }
  }
}
