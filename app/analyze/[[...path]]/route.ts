// /analyze and any /analyze/* path but fast and deep: the API's 404 problem+json (an API client that
// mistypes a path gets JSON it can read, not the HTML not-found page).
export { DELETE, GET, OPTIONS, PATCH, POST, PUT } from "../../api/[[...path]]/route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
