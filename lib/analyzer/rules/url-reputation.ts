// Static lists about URL hosts. Kept small and public: well-known link shorteners (commonly abused to
// hide phishing destinations) and free dynamic-DNS zones.

const SHORTENERS = new Set([
  "bit.ly", "bitly.com", "tinyurl.com", "t.co", "goo.gl", "ow.ly", "is.gd", "buff.ly", "rebrand.ly", "cutt.ly",
  "shorturl.at", "rb.gy", "t.ly", "tiny.cc", "bl.ink", "lnkd.in", "s.id", "v.gd", "qrco.de", "urlz.fr", "shorte.st",
  "adf.ly", "bc.vc", "soo.gd", "clck.ru", "u.to", "x.co", "tr.im", "qr.io", "surl.li", "bit.do",
]);

export function isUrlShortener(host: string): boolean {
  return SHORTENERS.has(host.replace(/^www\./, ""));
}
