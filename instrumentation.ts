// Next.js start-up hook: runs once per server process (lib/server/on-server-start.ts does the work).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { onServerStart } = await import("./lib/server/on-server-start");
    onServerStart();
  }
}
