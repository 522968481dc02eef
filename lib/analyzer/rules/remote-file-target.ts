import { isFileShare } from "../content/classify-location";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const remoteFileTarget = defineRule({
  id: "remote-file-target",
  title: "Reference to a remote file share (forced authentication, NTLM leak)",
  description:
    "The document names a file on another machine's share: a UNC path (\\\\host\\share, \\\\?\\UNC\\host\\share), a file:// URL with a host, or smb:. It may sit in any file specification: an action (GoToR, GoToE, Launch, ImportData, SubmitForm, Thread, a file: URI), an external stream, a reference XObject, a file-attachment annotation, a movie or media clip, a script's string, an XFA href or entity. When the viewer resolves it, Windows authenticates to that host over SMB or WebDAV and hands it the user's NTLM hash. A web link (https, or a //host/path reference without a scheme) is not reported here.",
  category: "action",
  severity: "high",
  weight: 55,
  attack: ["T1187"],
  mitigations: ["block_outbound_smb_webdav", "block_indicators"],
  confidence: "high",
  check({ remoteLocations }) {
    const hits = remoteLocations.filter((l) => isFileShare(l.kind));
    if (!hits.length) return null;
    return {
      evidence: hits.map((l) =>
        evidence({
          objectRef: l.objectRef,
          path: l.path,
          excerpt: excerpt(`[${l.carrier}; ${l.trigger}] ${l.target}`),
        }),
      ),
      detail: `Carriers: ${[...new Set(hits.map((l) => l.carrier))].join(", ")}.`,
      // a share reached only on a click (an intranet link) is weaker evidence than one resolved on its own
      confidence: hits.some((l) => l.consent === "none") ? "high" : "medium",
    };
  },
});
