// The `tlsh` package (CommonJS, no types of its own): one function from a string of byte-valued
// characters to the 70-hex-digit digest; throws InsufficientComplexityError for input too small or uniform.
declare module "tlsh" {
  function tlsh(data: string): string;
  export = tlsh;
}
