// Test-only: ZIP archives built in memory (zip.js), encrypted the way sample archives are (ZipCrypto,
// or AES as 7-Zip does), for the tests of the readers and of ZIP uploads. Benign bytes only.
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";

export type ZipEncryption = "zipcrypto" | "aes" | "none";

/** An archive of `files` (a name ending in "/" is a directory), in the given order. */
export async function buildZip(
  files: Record<string, Uint8Array>,
  { password = "infected", encryption = "zipcrypto" as ZipEncryption } = {},
): Promise<Uint8Array> {
  const writer = new ZipWriter(
    new Uint8ArrayWriter(),
    encryption === "none" ? {} : { password, zipCrypto: encryption === "zipcrypto" },
  );
  for (const [name, data] of Object.entries(files)) {
    if (name.endsWith("/")) await writer.add(name, undefined, { directory: true });
    else await writer.add(name, new Uint8ArrayReader(data));
  }
  return writer.close();
}
