// The audit log: one JSON line per security event on stdout ({"audit":true,"ts","event",...}), for a
// log shipper to pick up. Never contains a secret: keys appear by id and prefix only.

export type AuditEvent =
  | "key.created"
  | "key.revoked"
  | "key.bootstrap"
  | "session.created"
  | "session.ended"
  | "share.minted"
  | "share.revoked"
  | "access.denied"
  | "csrf.denied"
  | "host.denied"
  | "rate.limited"
  | "quota.exceeded"
  | "admin.access";

let sink: (line: string) => void = (line) => console.log(line);

/** Where audit lines go (the CLI sends them to stderr, keeping stdout for its own output). */
export function setAuditSink(write: (line: string) => void): void {
  sink = write;
}

export function audit(event: AuditEvent, fields: Record<string, string | number | boolean | null | undefined> = {}): void {
  sink(JSON.stringify({ audit: true, ts: new Date().toISOString(), event, ...fields }));
}
