// POST /analyze/fast and /analyze/deep: one upload, analysed now, nothing stored. A PDF answers its
// result; a ZIP answers one result per PDF member ({archive, results, skipped}), analysed one after
// the other under the caller's analysis budget (the archive's members count like separate requests).
import { createHash } from "node:crypto";
import { HTTP_LIMITS } from "../../limits";
import type { Principal } from "../auth/principal";
import { analysisCallerOf, type AnalysisCaller } from "../analysis-pool";
import { getConfig } from "../config";
import { takeDocumentPassword } from "./document-password";
import { readUpload } from "./upload";
import { openUploadedArchive, takeZipPassword } from "./upload-archive";

type Analyse<R> = (
  bytes: ArrayBuffer,
  fileName: string,
  caller: AnalysisCaller,
  options: { password?: string },
) => Promise<R>;

export async function analyzeRequest<R>(
  request: Request,
  principal: Principal,
  analyse: Analyse<R>,
): Promise<Response> {
  const maxBytes = getConfig().maxUploadBytes;
  const upload = await readUpload(request, { maxBytes });
  const { password, fields } = takeDocumentPassword(upload.fields);
  const caller = analysisCallerOf(principal, request.signal);
  const headers = { "cache-control": "no-store" };
  if (upload.kind === "pdf")
    return Response.json(await analyse(upload.bytes, upload.fileName, caller, { password }), { headers });

  const { zipPassword } = takeZipPassword(fields);
  const archive = new Uint8Array(upload.bytes);
  const { members, skipped } = await openUploadedArchive(archive, zipPassword, {
    maxPdfMembers: HTTP_LIMITS.ANALYZE_ARCHIVE_MAX_PDF_MEMBERS,
    maxMemberBytes: maxBytes,
  });
  const results: R[] = [];
  for await (const member of members) results.push(await analyse(member.bytes, member.name, caller, { password }));
  return Response.json(
    {
      archive: {
        file_name: upload.fileName,
        sha256: createHash("sha256").update(archive).digest("hex"),
        size: archive.byteLength,
      },
      results,
      skipped,
    },
    { headers },
  );
}
