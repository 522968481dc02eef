// The API prefix a request came in on ("/api" or "/api/v1"), so Location headers and links point back
// into the same version of the API (contract: every route is also served under /api/v1/).
export function apiBaseOf(request: Request): string {
  return new URL(request.url).pathname.startsWith("/api/v1/") ? "/api/v1" : "/api";
}
