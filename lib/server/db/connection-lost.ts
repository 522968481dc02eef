// Errors that mean "the database connection went away" (a restart, a failover, an operator's
// pg_terminate_backend), not "this request is wrong": the request may be retried, so routes answer
// 503 with Retry-After instead of a 500. Kept free of driver imports: the error model uses it.

/** SQLSTATE class 08 (connection exception) and 57P01-57P03 (admin/crash shutdown, cannot connect now). */
const CONNECTION_SQLSTATE = /^(08|57P0[123])/;
/** node-postgres's own messages for a client whose socket closed (pg/lib/client.js). */
const CONNECTION_MESSAGE = /^(Connection terminated|Client has encountered a connection error|Client was closed)/;
const CONNECTION_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);

export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (CONNECTION_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
  return typeof message === "string" && CONNECTION_MESSAGE.test(message);
}
