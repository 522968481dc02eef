// The object inspector and embedded-file downloads of a scan whose upload is retained (issue 22 items
// 3-4): the owner's or an admin's only (never through a share link), like the sample download. The
// document is read again in the analysis pool (a hostile file never runs on the HTTP thread) and the
// answer is data: object lines, dictionaries in PDF syntax, stream bytes as base64 for the browser to
// show as inert text or hex, and an embedded file inside a password ZIP ("infected"), audited.
import type { EmbeddedAnswer, InspectAnswer, InspectRequest, StreamView } from "../../analyzer";
import { sampleArchive } from "../../zip/sample-archive";
import type { AnalysisCaller } from "../analysis-pool";
import { audit } from "../auth/audit";
import type { Principal } from "../auth/principal";
import { ApiError } from "../errors";
import type { ObjectList, ObjectView } from "./inspection-requests";
import type { ScanService } from "./service";

/** Runs one inspection in the analysis pool (analysis-pool.ts runInspection); `bytes` is transferred. */
export type InspectFn = (bytes: ArrayBuffer, request: InspectRequest, caller: AnalysisCaller) => Promise<InspectAnswer>;

/** A member name that is no path and no device: the hash, and the file's own extension when it is plain. */
export function embeddedMemberName(file: Pick<EmbeddedAnswer, "name" | "sha256" | "incomplete">): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1]?.toLowerCase() ?? "bin";
  return `${file.sha256}${file.incomplete ? ".incomplete" : ""}.${ext}`;
}

export class ScanInspection {
  constructor(private readonly deps: { service: Pick<ScanService, "retainedFile">; inspect: InspectFn }) {}

  /** The object list (all, those containing `search`, or those referring to object `refs`) and the revisions. */
  async objects(
    principal: Principal,
    scanId: string,
    filter: { search?: string; refs?: number },
    caller: AnalysisCaller,
  ): Promise<ObjectList> {
    const { op: _op, ...list } = expect(
      await this.ask(principal, scanId, { op: "objects", ...filter }, caller),
      "objects",
    );
    return list;
  }

  /** One object's dictionary, the objects referring to it, and with `view` its stream's bytes. */
  async object(
    principal: Principal,
    scanId: string,
    num: number,
    view: StreamView | undefined,
    caller: AnalysisCaller,
  ): Promise<ObjectView> {
    const {
      op: _op,
      stream,
      ...rest
    } = expect(
      await this.ask(principal, scanId, { op: "object", num, ...(view && { stream: view }) }, caller),
      "object",
    );
    if (!stream) return rest;
    const { data, ...about } = stream;
    return {
      ...rest,
      stream: { ...about, base64: Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64") },
    };
  }

  /** An embedded file (by its SHA-256, as the report lists it) in a password ZIP; audited. */
  async embeddedArchive(
    principal: Principal,
    scanId: string,
    sha256: string,
    caller: AnalysisCaller,
  ): Promise<{ zip: Uint8Array; fileName: string }> {
    const file = expect(await this.ask(principal, scanId, { op: "embedded", sha256 }, caller), "embedded");
    audit("scan.embedded_download", { scanId, sha256, keyId: principal.keyId });
    return {
      zip: await sampleArchive(embeddedMemberName(file), file.data),
      fileName: `pdfscan-${scanId}-embedded-${sha256.slice(0, 16)}.zip`,
    };
  }

  private async ask(
    principal: Principal,
    scanId: string,
    request: InspectRequest,
    caller: AnalysisCaller,
  ): Promise<InspectAnswer> {
    const { bytes } = await this.deps.service.retainedFile(
      principal,
      scanId,
      "A share link does not open the file's objects.",
    );
    return this.deps.inspect(bytes, request, caller);
  }
}

function expect<K extends InspectAnswer["op"]>(answer: InspectAnswer, op: K): Extract<InspectAnswer, { op: K }> {
  if (answer.op === "missing") throw new ApiError("object_not_found", answer.message);
  if (answer.op !== op) throw new Error(`inspection answered ${answer.op} to ${op}`);
  return answer as Extract<InspectAnswer, { op: K }>;
}
