// 404 page (unknown path, unknown or another owner's scan, refused share link). Our own instead of
// Next's default, whose inline <style> and style attributes the page CSP (proxy.ts) would block.
export default function NotFound() {
  return (
    <div className="space-y-3" data-testid="not-found">
      <h1 className="text-2xl font-semibold tracking-tight">404: this page could not be found</h1>
      <p className="text-sm text-slate-600">
        The scan or link does not exist, was deleted or revoked, has expired, or belongs to someone else.
      </p>
      <a href="/" className="text-sm text-sky-700 hover:underline">
        ← Submit a file
      </a>
    </div>
  );
}
