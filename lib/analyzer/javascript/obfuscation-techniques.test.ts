// Each obfuscation technique on a script that uses it, and the verdict on technique combinations;
// ordinary form scripts use none of them.
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import {
  detectObfuscationTechniques,
  hexEncodedText,
  judgeObfuscation,
  mostlyDistinct,
} from "./obfuscation-techniques";
import { scriptSignals } from "./script-signals";
import { isObfuscated } from "../rules/javascript-obfuscation";

const codes = (s: string, sep: string) => Array.from(s, (c) => c.charCodeAt(0)).join(sep);
const hex = (s: string) => Array.from(s, (c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
const CODE = "var a = new Array(); var v = app.viewerVersion; if (v > 8) app.alert('update');";

describe("detectObfuscationTechniques", () => {
  it.each([
    ["eval-alias", "strong", `var d = eval; d(s);`],
    ["eval-alias", "strong", `e = a.eval; e(x);`],
    ["eval-of-computed-string", "runner", `eval('x=t' + a + b);`],
    ["eval-of-computed-string", "runner", `app.setTimeOut(code, 10);`],
    ["char-code-string", "strong", `var s = "${codes(CODE, "@")}";`],
    ["char-code-string", "strong", `s = " ${codes(CODE, "! ")}";`],
    ["char-code-string", "strong", `s = "${codes(CODE, " ")}";`],
    ["hex-encoded-text", "strong", `var p = new Array('${hex(CODE.slice(0, 30))}', '${hex(CODE.slice(30))}');`],
    ["shuffled-alphabet", "strong", `$ = "gI5zv:|'7mx9S=d%)tPp&MKl-8okECqwyhf*u_;U>(3A,/4N@s.2Wr[0cb}nGje{i]6";`],
    ["escaped-plain-characters", "decoder", `xs = "\\x65"; d = "omCha\\x72"; x = s.concat("\\x61\\x6c");`],
    ["escaped-plain-characters", "strong", `x = "${"\\x65\\x76\\x61\\x6c".repeat(3)}";`],
    ["junk-stripping", "decoder", `m2 = m1.replace(/5qqq5/g, "");`],
    ["junk-stripping", "decoder", `g = g.replace(/[+u0SQ]/g, "");`],
    ["junk-stripping", "decoder", `p = p.split("zz").join("");`],
    ["string-reversal", "decoder", `c = s.split("").reverse().join("");`],
    ["arguments-callee", "decoder", `k = arguments.callee.toString();`],
    ["name-from-document", "strong", `var G = function () { return this; }(); f = G[this.subject]; f(this.title);`],
    ["computed-call-on-global", "runner", `this[w(1, 91) + w(1, 108)](code);`],
    [
      "junk-comments",
      "strong",
      `x = app["v"/*q9q*/+"ie"/*q9q*/+""/*q9q*/+"wer"/*q9q*/+"Type"/*q9q*/][1]/*q9q*/+/*q9q*/""/*q9q*/;`,
    ],
    ["literal-templating", "decoder", `n = 2011; a = '2011s'.replace(n, 'hi'); b = ('.tit2011').replace(n, 'le');`],
    ["decoded-member-name", "strong", `f = String['fHrAoAmECuh0aErECEoHdAeu'.replace(/[u0AEH]/g, '')];`],
    ["decoded-member-name", "strong", `var h = 'edvoazcl'; z = app[h.replace(/[aviezjl]/g, '')];`],
    ["decoded-member-name", "strong", `o = this[("l#av#e").split("#").join("")];`],
    ["char-code-array", "strong", `k = [${Array.from(CODE + CODE, (c) => c.charCodeAt(0) ^ 24).join(",")}];`],
    [
      "piecewise-strings",
      "decoder",
      `var k = ""; var n = ${Array.from("StringfromCharCodeunescapeevalsyncAnnotScan", (c, i) => `"${c}"${i % 3 ? "" : " + k"}`).join(" + ")};`,
    ],
    [
      "junk-interleaved-text",
      "strong",
      `var w = '${Array.from("var a = new Array(); function go(x) { while (x.length < 4096) x += x; return x; } go(unescape(p)); go(unescape(q));", (c, i) => c + "!@#?^"[i % 5]).join("")}';`,
    ],
    ["computed-call-on-global", "runner", `app[d[3] + d[12] + c[2] + c[10]](payload);`],
  ])("%s (%s): %s", (id, role, script) => {
    expect(detectObfuscationTechniques(script, defaultBudget())).toContainEqual(expect.objectContaining({ id, role }));
  });

  it.each([
    [`AFNumber_Format(2, 0, 0, 0, "", true);`],
    [`var f = this.getField("Text1"); f.value = util.printd("mm/dd/yyyy", util.scand("mmddyyyy", f.value));`],
    [`event.value = (parseInt(this.getField('f1').value) * 0.3).toFixed(3);`],
    [
      `eval("this.getField('total').value"); app.setTimeOut("tick()", 1000); setTimeout(function () { app.alert(1); }, 10);`,
    ],
    [`var s = event.value.replace(/[^0-9]/g, ""); var t = s.replace(/\\s+/g, "");`],
    [`var f = this["getField"]("a"); var t = this.info.title; app.alert(this.title);`],
    [
      `var rates = [12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87, 90, 93, 96, 99, 102, 105, 108, 111, 114, 117, 120, 123, 126, 129, 132, 135, 138, 141, 144, 147, 150, 153];`,
    ],
    [`var b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";`],
    [`app.alert("Please complete every field of this form before you print it, then sign it.");`],
    [`var id = "3f2a9b7c1d0e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c"; var c = "FF0000";`],
    [`var e = "caf\\u00e9 na\\u00efve"; var q = "say \\x22hi\\x22\\x0a";`],
    [
      `/* total */ var t = 0; /* loop over the fields */ for (var i = 0; i < 9; i++) /* add */ t += 1; /** @param {number} n */ /*-*/ /*-*/ /*-*/`,
    ],
    [
      `var msg = "Dear NAME, your total is TOTAL.".replace("NAME", first).replace("TOTAL", sum); var k = key.replace(/-/g, "_"); var v = data[k];`,
    ],
    [
      `var widths = [${Array.from({ length: 80 }, (_, i) => i + 32).join(", ")}]; var table = [${Array.from({ length: 80 }, (_, i) => 1000 + i * 37).join(",")}];`,
    ],
    [`event.value = a + "." + b + "," + c + "-" + d + "/" + e + " " + f + ":" + g + "x";`],
    [
      `var line = "${"- ".repeat(150)}"; var dots = "${". . ".repeat(80)}"; var help = "${"Please enter the date of birth as shown on the passport, then sign below. ".repeat(4)}";`,
    ],
    [`var d = ${Array.from({ length: 30 }, (_, i) => `"${i % 2 ? "/" : "-"}" + m${i} + "0${i % 10}"`).join(" + ")};`],
  ])("finds nothing in %s", (script) => {
    expect(detectObfuscationTechniques(script, defaultBudget())).toEqual([]);
    expect(judgeObfuscation(scriptSignals(script, defaultBudget()).techniques)).toEqual([]);
  });
});

describe("eval-alias searched from the first eval", () => {
  it("reports the match (and evidence) of the pattern run over the whole text, on random texts", () => {
    const PATTERN = /[=:]\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)?eval\s*(?=[;,)}\n\r]|$)/m;
    const pieces = ["eval", "eval", "=", ":", " ", "\n", "\u00a0", "a", "x1", ".", ";", ")", "$", "(", "ev", "al", "'"];
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let found = 0;
    for (let round = 0; round < 2000; round++) {
      let text = "";
      while (text.length < 40) text += pieces[Math.floor(random() * pieces.length)];
      const expected = PATTERN.exec(text)?.[0].slice(0, 60);
      if (expected !== undefined) found++;
      expect(
        detectObfuscationTechniques(text, defaultBudget()).find((t) => t.id === "eval-alias")?.evidence,
        text,
      ).toBe(expected);
    }
    // the generator makes both outcomes common
    expect(found).toBeGreaterThan(200);
    expect(found).toBeLessThan(1800);
  });
});

describe("judgeObfuscation", () => {
  it.each([
    ["one strong technique", `var d = eval; d("1");`, ["eval-alias"]],
    ["code run from decoded data", `eval(unescape(s));`, ["eval-of-computed-string", "eval-call", "decoder-call"]],
    [
      "a payload read from the document and stripped of junk",
      `m1 = this.info.cduh; m2 = m1.replace(/5qqq5/g, ""); this[m3](m2);`,
      ["computed-call-on-global", "junk-stripping", "payload-from-document"],
    ],
    ["a method name spelled in pieces", `w = "s"; w += "l"; w += "ice"; j = j[w];`, ["names-assembled-from-pieces"]],
  ])("%s", (_, script, ids) => {
    expect(
      judgeObfuscation(scriptSignals(script, defaultBudget()).techniques)
        .map((t) => t.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it("does not judge a runner alone, nor a decoder alone", () => {
    expect(
      judgeObfuscation(scriptSignals(`for (var i = 0; i < 3; i++) eval("f" + i + "()");`, defaultBudget()).techniques),
    ).toEqual([]);
    expect(judgeObfuscation(scriptSignals(`var s = unescape("%20");`, defaultBudget()).techniques)).toEqual([]);
  });
});

describe("the evidence of javascript-obfuscation", () => {
  it("names each technique and defangs what it decoded", () => {
    const why = isObfuscated(
      scriptSignals(
        `var u = ['${hex("http://evil.example/")}', '${hex("payload/stage2.exe?id=1234567890")}'];`,
        defaultBudget(),
      ),
    );
    expect(why).toHaveLength(1);
    expect(why[0]).toContain('hex-encoded-text (hex decodes to "hxxp[://]evil[.]example/payload');
    expect(why[0]).not.toContain("http://");
  });
});

describe("hexEncodedText matches the decoder it replaced", () => {
  /** the replaced version, verbatim */
  const reference = (text: string): string | null => {
    if (!/["'][0-9a-fA-F]{6}/.test(text)) return null;
    let decoded = "";
    const re = /["']((?:[0-9a-fA-F]{2}){3,})["']/g;
    for (let m = re.exec(text); m && decoded.length < 4096; m = re.exec(text)) {
      let piece = "";
      for (let i = 0; i < m[1].length; i += 2) piece += String.fromCharCode(parseInt(m[1].slice(i, i + 2), 16));
      if (/^[\x20-\x7e\t\r\n]+$/.test(piece) && /[a-z]/i.test(piece)) decoded += piece;
    }
    return decoded.length >= 48 ? `hex decodes to "${decoded.slice(0, 40)}"` : null;
  };

  it("on literals of text, shellcode and mixtures", () => {
    let seed = 5;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed >> 4) % n;
    };
    const hexOf = (s: string) => Buffer.from(s, "latin1").toString("hex");
    const words = [
      "http://evil.example/x.exe",
      "app.alert(1);",
      "\x90\x90\xcc",
      "Hello\tWorld\r\n",
      "\x1f",
      "ABC",
      "~ok~",
      "\x7f",
    ];
    let found = 0;
    for (let k = 0; k < 500; k++) {
      let text = "var a = [";
      for (let i = 0; i < 1 + next(12); i++) {
        let s = "";
        for (let j = 0; j < 1 + next(5); j++) s += words[next(words.length)];
        const hex = hexOf(s);
        text += `${next(2) ? '"' : "'"}${next(4) ? hex : hex.toUpperCase()}${next(9) ? '"' : "x"}, `;
      }
      const expected = reference(text);
      expect(hexEncodedText(text), text).toBe(expected);
      if (expected) found++;
    }
    expect(found).toBeGreaterThan(50);
  });
});

describe("mostlyDistinct: a literal that could be a substitution table", () => {
  /** the predicate as it was written first: every character counted, then compared */
  const reference = (s: string) => {
    const distinct = new Set(s).size;
    return !(distinct < 40 || distinct < s.length * 0.9);
  };

  it("agrees with counting every distinct character, on random literals", () => {
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8;
    // 90 characters, one of them a surrogate pair, so that literals of 40-256 land on both sides
    const alphabet = [
      ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_{|}~",
      "\u{1f600}",
    ];
    const results = new Set<boolean>();
    for (let k = 0; k < 2000; k++) {
      // a shuffled run of distinct characters with a few repeated ones mixed in: near the 90% line
      const distinct = [...alphabet].sort(() => (next() % 2) - 0.5).slice(0, 40 + (next() % 51));
      const repeats = Array.from({ length: next() % 12 }, () => distinct[next() % distinct.length]);
      const chars = [...distinct, ...repeats].sort(() => (next() % 2) - 0.5);
      const s = chars.join("");
      expect(mostlyDistinct(s), s).toBe(reference(s));
      results.add(reference(s));
    }
    // both answers were asked for
    expect([...results].sort()).toEqual([false, true]);
  });
});
