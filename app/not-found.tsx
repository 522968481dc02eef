// 404 page (unknown path, unknown or another owner's scan, refused share link). Our own instead of
// Next's default, whose inline <style> and style attributes the page CSP (proxy.ts) would block.
import type { Metadata } from "next";
import { PRIMARY_ACTION, StatusPage } from "./_components/status-page";

export const metadata: Metadata = { title: "Not found · pdfscan" };

export default function NotFound() {
  return (
    <StatusPage
      code="404"
      title="This page could not be found"
      testId="not-found"
      actions={
        <a href="/" className={PRIMARY_ACTION}>
          ← Analyse a file
        </a>
      }
    >
      <p>The scan or link does not exist, was deleted or revoked, has expired, or belongs to someone else.</p>
      <p>
        Scans are only visible to the key that submitted them; a share link opens a read-only copy until it expires.
      </p>
    </StatusPage>
  );
}
