// The `tlsh` package (CommonJS, no types of its own), the reference tlsh.test.ts checks tlsh.ts against:
// characters to the 70-hex-digit digest; throws InsufficientComplexityError for input too small or uniform.
declare module "tlsh" {
  function tlsh(data: string): string;
  export = tlsh;
}
