// The part of adm-zip 0.6 (CommonJS, no types of its own) that password-zip.ts reads. @types/adm-zip
// describes 0.5, whose getData takes no password.
declare module "adm-zip" {
  namespace AdmZip {
    interface AdmZipEntry {
      readonly entryName: string;
      readonly isDirectory: boolean;
      readonly header: {
        readonly method: number;
        readonly size: number;
        readonly compressedSize: number;
        readonly encrypted: boolean;
      };
      /** decrypts (ZipCrypto) and inflates, the output capped at the declared size; throws on a bad password or CRC */
      getData(password?: string | Buffer): Buffer;
    }
  }
  class AdmZip {
    constructor(input: Buffer, options?: { noSort?: boolean });
    getEntries(): AdmZip.AdmZipEntry[];
  }
  export = AdmZip;
}
