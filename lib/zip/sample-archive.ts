// A live sample handed to an analyst the way VirusTotal and Hybrid Analysis hand them out: inside a ZIP
// encrypted with the agreed password "infected", so that no mail filter, browser or endpoint scanner on
// the way opens it, and nobody opens it by a double click. ZipCrypto, not AES: `unzip`, 7-Zip and the
// Windows shell all read it (the password guards against accidents, not against attackers).
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
import { SAMPLE_ZIP_PASSWORD } from "./password-zip";

/** One member `name` holding `data`, in a ZipCrypto archive under `password`. */
export async function sampleArchive(
  name: string,
  data: Uint8Array,
  password = SAMPLE_ZIP_PASSWORD,
): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, zipCrypto: true, useWebWorkers: false });
  await writer.add(name, new Uint8ArrayReader(data));
  return writer.close();
}
