import { defineRule } from "./rule";
import { isRemoteFileTarget } from "./action-targets";
import { evidence, excerpt } from "./evidence";

export const remoteFileTarget = defineRule({
  id: "remote-file-target",
  title: "Link to a remote file share (forced authentication)",
  description: "An action points at a UNC path or file:// URL on another host. Opening it makes Windows authenticate to that host over SMB/WebDAV and leaks the user's NTLM hash.",
  category: "action",
  severity: "high",
  weight: 55,
  attack: ["T1187"],
  mitigations: ["block_outbound_smb_webdav", "block_indicators"],
  confidence: "high",
  check({ actions }) {
    const hits = actions.filter((a) => isRemoteFileTarget(a.target));
    if (!hits.length) return null;
    return { evidence: hits.map((a) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`/${a.type} ${a.target}`) })) };
  },
});
