// PDF dates (ISO 32000-2 §7.9.4, "D:YYYYMMDDHHmmSSOHH'mm'") to RFC 3339. Only the year is required;
// missing parts default to the start of the period (§7.9.4: month and day 01, time 00). A date
// without a time-zone part is read as UTC, as pdf.js does (the spec leaves it unknown).

const PDF_DATE =
  /^\s*(?:D\s*:\s*)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz+-])\s*(?:(\d{2})'?\s*(?:(\d{2})'?)?)?)?/;
/** ISO 8601 as written by tools that ignore the PDF date syntax, and by XMP (xmp:CreateDate). */
const ISO_DATE =
  /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?)?)?\s*(?:([Zz+-])(?:(\d{2}):?(\d{2})?)?)?\s*$/;

/** RFC 3339 form of a PDF or ISO 8601 date, or null when it is not one (or names no real day). */
export function parsePdfDate(value: string): string | null {
  const m = ISO_DATE.exec(value) ?? PDF_DATE.exec(value);
  if (!m) return null;
  const [year, month = 1, day = 1, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((p) => (p === undefined ? undefined : Number(p)));
  if (
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > daysIn(year!, month!) ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  )
    return null;
  const sign = m[7];
  const offH = Number(m[8] ?? 0);
  const offM = Number(m[9] ?? 0);
  let zone = "Z";
  if ((sign === "+" || sign === "-") && (offH || offM)) {
    if (offH > 23 || offM > 59) return null;
    zone = `${sign}${pad(offH)}:${pad(offM)}`;
  }
  return `${String(year).padStart(4, "0")}-${pad(month!)}-${pad(day!)}T${pad(hour!)}:${pad(minute!)}:${pad(second!)}${zone}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number) => String(n).padStart(2, "0");
