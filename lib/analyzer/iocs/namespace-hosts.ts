// Hosts of XML/XMP/PDF namespace and schema URLs. Every benign PDF carries them in its XMP metadata
// (xmlns:x="adobe:ns:meta/", rdf = http://www.w3.org/1999/02/22-rdf-syntax-ns#, dc = http://purl.org/dc/
// elements/1.1/, xmp = http://ns.adobe.com/xap/1.0/, pdfaid = http://www.aiim.org/pdfa/ns/id/, ...) and in
// XFA packets (http://www.xfa.org/schema/...). They are identifiers, never fetched, so reporting them as
// indicators is pure noise. Exact host match only: other pages on the same organisations stay indicators.

export const NAMESPACE_HOSTS: readonly string[] = Object.freeze([
  "ns.adobe.com",
  "www.w3.org",
  "purl.org",
  "www.aiim.org",
  "iptc.org",
  "www.npes.org",
  "ns.useplus.org",
  "xml.org",
  "www.xfa.org",
  "www.xfa.com",
  "schemas.microsoft.com",
  "www.iso.org",
]);

const NAMESPACE_HOST_SET: ReadonlySet<string> = new Set(NAMESPACE_HOSTS);

/** `host` must already be lowercase ASCII (as normalizeDomain returns it). */
export function isNamespaceHost(host: string): boolean {
  return NAMESPACE_HOST_SET.has(host);
}
