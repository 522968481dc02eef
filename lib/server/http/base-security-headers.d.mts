export declare const BASE_SECURITY_HEADERS: Readonly<
  Record<"x-content-type-options" | "referrer-policy" | "permissions-policy" | "x-frame-options", string>
>;
