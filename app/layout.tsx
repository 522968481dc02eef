// Root layout: page chrome shared by every page. System fonts only (the service runs offline).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SignOutButton } from "./_components/sign-out-button";
import { currentPrincipal } from "./_lib/page-auth";
import "./globals.css";

export const metadata: Metadata = {
  title: "pdfscan: PDF malware analysis",
  description: "Upload a PDF and get a verdict, findings and indicators of compromise.",
  icons: { icon: "/favicon.svg" },
  robots: { index: false, follow: false },
};

// Every page renders per request: Next puts the request's CSP nonce (proxy.ts) on its scripts only
// in dynamic renders, and the header shows who is signed in.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const principal = await currentPrincipal();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        {/* fixed colours (not palette tokens): the bar stays dark in both themes */}
        <header className="border-b border-[#314158] bg-[#0f172b] text-[#f8fafc]">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <a href="/" className="text-lg font-semibold tracking-tight">
              pdfscan
            </a>
            <span className="hidden text-sm text-[#cad5e2] sm:inline">static PDF malware analysis</span>
            <nav aria-label="Main" className="ml-auto flex items-center gap-3">
              {principal && (
                <a
                  href="/scans"
                  className="rounded-md px-2 py-1 text-sm font-medium text-[#f1f5f9] hover:bg-[#1d293d] hover:underline"
                  data-testid="nav-history"
                >
                  History
                </a>
              )}
              <a
                href="/docs/api"
                className="rounded-md px-2 py-1 text-sm font-medium text-[#f1f5f9] hover:bg-[#1d293d] hover:underline"
                data-testid="nav-api"
              >
                API
              </a>
              {principal?.kind === "session" && <SignOutButton />}
            </nav>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
