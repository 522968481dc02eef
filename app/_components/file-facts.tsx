// The scan's file facts: size, SHA-256, retention policy and where the uploaded file is now, the
// last two phrased together (app/_lib/retention-wording.ts) so they never contradict each other.
import { formatBytes } from "../_lib/format";
import { describeRetention } from "../_lib/retention-wording";
import { formatTime, type ScanResource } from "../_lib/scans";
import { CopyButton } from "./copy-button";

export function FileFacts({ scan }: { scan: ScanResource }) {
  const retention = describeRetention(scan);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" aria-label="File and retention" data-testid="retention">
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
        <Fact term="Retention">{retention.policy}</Fact>
        <Fact term="Uploaded file" testId="file-retained" retained={scan.fileRetained}>
          {retention.file}
        </Fact>
        <Fact term="Submitted">{formatTime(scan.createdAt)}</Fact>
      </dl>
    </section>
  );
}

function Fact({ term, children, testId, retained }: { term: string; children: React.ReactNode; testId?: string; retained?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-medium" data-testid={testId} data-retained={retained === undefined ? undefined : String(retained)}>
        {children}
      </dd>
    </div>
  );
}
