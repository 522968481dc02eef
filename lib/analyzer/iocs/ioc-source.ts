// Where an indicator was seen. The kinds are declared once here; the report keeps them as plain strings
// (report.ts IocItem.sources) so new kinds stay an additive change.

export const IOC_SOURCE_KINDS = [
  "uri-action",
  "launch-action",
  "submit-form",
  "gotor-action",
  "annotation",
  "string",
  "stream",
  "javascript",
  "metadata",
  "xfa",
  "qr-code",
  "rendered-page",
] as const;

export type IocSourceKind = (typeof IOC_SOURCE_KINDS)[number];

export interface IocSource {
  /** like "12 0 R" */
  objectRef?: string;
  source: IocSourceKind;
}
