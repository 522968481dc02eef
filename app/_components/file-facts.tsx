// The scan's file facts: size, hashes (SHA-256 from the scan; MD5, SHA-1 and TLSH once the report has
// them), retention policy and where the uploaded file is now, the last two phrased together
// (app/_lib/retention-wording.ts) so they never contradict each other.
import { formatBytes } from "../_lib/format";
import { describeRetention } from "../_lib/retention-wording";
import { formatTime, type ScanReport, type ScanResource } from "../_lib/scans";
import { CopyButton } from "./copy-button";

/** `sampleUrl`: where the owner downloads the retained file (absent on a share link's view). */
export function FileFacts({
  scan,
  hashes,
  seenBefore,
  sampleUrl,
}: {
  scan: ScanResource;
  hashes?: ScanReport["file"];
  seenBefore?: ScanReport["seenBefore"];
  sampleUrl?: string;
}) {
  const retention = describeRetention(scan);
  // the pivots analysts paste into other tools; TLSH finds near-duplicates (advanced stage)
  const more = [
    ["MD5", hashes?.md5, "md5"],
    ["SHA-1", hashes?.sha1, "sha1"],
    ["TLSH", hashes?.tlsh, "tlsh"],
  ] as const;
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm"
      aria-label="File and retention"
      data-testid="retention"
    >
      <dl className="space-y-2">
        <Fact term="Size">{formatBytes(scan.file.size)}</Fact>
        <div>
          <dt className="flex items-center justify-between text-xs text-slate-600">
            SHA-256 <CopyButton value={scan.file.sha256} />
          </dt>
          <dd className="mt-0.5 font-mono text-xs break-all text-slate-700" data-testid="sha256">
            {scan.file.sha256}
          </dd>
        </div>
        {more.map(([label, value, testId]) =>
          value ? (
            <div key={label}>
              <dt className="flex items-center justify-between text-xs text-slate-600">
                {label} <CopyButton value={value} />
              </dt>
              <dd className="mt-0.5 font-mono text-xs break-all text-slate-700" data-testid={testId}>
                {value}
              </dd>
            </div>
          ) : null,
        )}
        <Fact term="Retention">{retention.policy}</Fact>
        <Fact term="Uploaded file" testId="file-retained" retained={scan.fileRetained}>
          {retention.file}
          {scan.fileRetained && sampleUrl && (
            <>
              {" "}
              <a className="text-sky-800 underline" href={sampleUrl} download data-testid="sample-download">
                Download the sample
              </a>{" "}
              <span className="text-xs text-slate-600">(ZIP, password infected)</span>
            </>
          )}
        </Fact>
        <Fact term="Submitted">{formatTime(scan.createdAt)}</Fact>
        {seenBefore && (
          <Fact term="Seen before" testId="seen-before">
            {seenBefore.count === 0 ? (
              "No other scan of this file"
            ) : (
              <>
                {seenBefore.count} other scan{seenBefore.count === 1 ? "" : "s"} of this file, first{" "}
                <a
                  className="text-sky-800 underline"
                  href={`/scans/${encodeURIComponent(seenBefore.scans[0]!.scanId)}`}
                >
                  {formatTime(seenBefore.scans[0]!.createdAt)}
                </a>{" "}
                ({seenBefore.scans[0]!.verdict ?? "no verdict"})
              </>
            )}
          </Fact>
        )}
      </dl>
    </section>
  );
}

function Fact({
  term,
  children,
  testId,
  retained,
}: {
  term: string;
  children: React.ReactNode;
  testId?: string;
  retained?: boolean;
}) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd
        className="font-medium"
        data-testid={testId}
        data-retained={retained === undefined ? undefined : String(retained)}
      >
        {children}
      </dd>
    </div>
  );
}
