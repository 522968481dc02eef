// VirusTotal's file report by hash (API v3: GET /api/v3/files/{sha256}, key in the x-apikey header;
// 404 NotFoundError when VirusTotal never saw the file). Only the hash is sent. A file counts as
// known-bad when at least `minDetections` engines call it malicious: one or two detections of a PDF
// are often heuristics on any form script, as VirusTotal's own guidance on false positives says.
import { z } from "zod";
import { ProviderError, requestJson } from "./provider-http";
import type { OnlineProvider, ProviderAnswer, ProviderContext } from "./provider-answer";

export interface VirusTotalSettings {
  baseUrl: string;
  apiKey: string;
  perMinute: number;
  minDetections: number;
}

const FileReport = z.object({
  data: z.object({
    id: z.string(),
    attributes: z.object({
      last_analysis_stats: z.record(z.string(), z.number()).optional(),
      last_analysis_date: z.number().optional(),
      first_submission_date: z.number().optional(),
      popular_threat_classification: z.object({ suggested_threat_label: z.string().optional() }).optional(),
    }),
  }),
});
const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) });

/** Engines that gave a verdict (not timeouts, failures or unsupported types). */
const VERDICT_CATEGORIES = ["malicious", "suspicious", "undetected", "harmless"];

export function virusTotal(settings: VirusTotalSettings): OnlineProvider {
  return {
    name: "virustotal",
    perMinute: settings.perMinute,
    asks: "hashes",
    async lookup(hash: string, ctx: ProviderContext): Promise<ProviderAnswer> {
      const { status, body } = await requestJson({
        url: `${settings.baseUrl.replace(/\/+$/, "")}/api/v3/files/${encodeURIComponent(hash)}`,
        method: "GET",
        headers: { "x-apikey": settings.apiKey },
        ...ctx,
      });
      if (status === 404) return { listed: false };
      if (status !== 200) {
        const code = ErrorBody.safeParse(body).data?.error.code ?? "";
        // a refused key or a spent quota fails every later lookup too
        throw new ProviderError(
          `HTTP ${status}${code ? ` ${code}` : ""}`,
          status === 401 || status === 403 || status === 429,
        );
      }
      const report = FileReport.safeParse(body);
      if (!report.success) throw new ProviderError("the file report did not have the documented shape");
      const a = report.data.data.attributes;
      const stats = a.last_analysis_stats ?? {};
      const malicious = stats.malicious ?? 0;
      const engines = VERDICT_CATEGORIES.reduce((n, c) => n + (stats[c] ?? 0), 0);
      if (malicious === 0 || engines === 0) return { listed: false };
      const label = a.popular_threat_classification?.suggested_threat_label;
      return {
        listed: true,
        category: `malware: ${malicious}/${engines} engines${label ? `, ${label}` : ""}`,
        confidence: Math.round((100 * malicious) / engines),
        firstSeen: a.first_submission_date === undefined ? null : a.first_submission_date * 1000,
        lastSeen: a.last_analysis_date === undefined ? null : a.last_analysis_date * 1000,
        reference: `https://www.virustotal.com/gui/file/${report.data.data.id}`,
        counts: malicious >= settings.minDetections,
      };
    },
  };
}
