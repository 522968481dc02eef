import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, defaultBudget, type Budget } from "../../limits";
import { findLurePhrases, isOutwardTarget, isWebTarget, withUnicodeBoundaries, wordCount } from "./lure-signals";
import { summarizeLures } from "./summarize-lures";

describe("findLurePhrases", () => {
  it.each([
    ["This is a PROTECTED  document", "protected/secure document"],
    ["Click here to view the invoice", "click to view"],
    ["Tap the button below to open", "click to view"],
    ["Please ENABLE EDITING to see the content", "enable editing/content"],
    ["You must verify your identity first", "verify your identity"],
    ["Sign in with your Microsoft account to view", "sign in to view"],
    ["Anna has shared a file with you", "shared a file with you"],
    ["You have received a new secure message", "received a document"],
    ["Your document is ready for signature", "document awaits signature"],
    ["This document cannot be displayed in this viewer", "cannot be displayed"],
    ["Unable to preview the file", "cannot be displayed"],
    ["Scan the QR code below to re-authenticate your account", "scan to sign in/verify"],
    ["Your password will expire today", "password expiry"],
    ["Your mailbox is full", "mailbox quota"],
    ["Your account will be suspended", "account suspension"],
    ["MFA re-enrollment required", "MFA re-enrolment"],
    ["Dies ist ein geschütztes Dokument", "geschütztes Dokument"],
    ["Bitte bestätigen Sie Ihre Identität", "Identität bestätigen"],
    ["Ce document protégé nécessite une connexion", "document protégé"],
    ["Vérifiez votre identité", "vérifiez votre identité"],
    ["Documento protegido. Haga clic aquí", "documento protegido"],
    ["Verifique su identidad", "verifique su identidad"],
    ["Documento protetto", "documento protetto"],
    ["Dit is een beveiligd document", "documento protetto"],
    ["Защищенный документ", "защищенный документ"],
    ["Your Apple ID has been temporarily locked", "account suspension"],
    ["Your wallet will be suspended within 24 hours", "account suspension"],
    ["SECURE MY ACCOUNT", "secure your account"],
    [
      "If you haven't authorized this transaction, click the link below to get a full refund",
      "unauthorized transaction",
    ],
    [
      "お客様のアカウントに不審なアクティビティが見つかったため、 Apple ID はロックされています。",
      "アカウントのロック",
    ],
    ["今日あなたの⾝元を確認してください。", "本人確認"],
    ["您的账户已被锁定", "账户锁定"],
    ["请点击此处查看受保护的文档", "受保护的文档"],
    ["Anna 已与您共享了一个文件", "共享了文件"],
    ["この保護されたドキュメントを表示するにはサインインしてください", "保護されたドキュメント"],
    ["Anna がファイルを共有しました", "ファイルを共有"],
    ["Anna ha condiviso un file con te", "ha condiviso un file"],
    ["Anna heeft een bestand met u gedeeld", "ha condiviso un file"],
    ["Анна поделилась с вами файлом", "поделился файлом"],
    ["Bu korumalı belge yalnızca yetkili alıcılar içindir", "korumalı belge"],
    ["Lütfen kimliğinizi doğrulayın", "kimliğinizi doğrulayın"],
    ["Anna sizinle bir dosya paylaştı", "sizinle dosya paylaştı"],
    ["To jest chroniony dokument", "chroniony dokument"],
    ["Zweryfikuj swoją tożsamość", "zweryfikuj tożsamość"],
    ["Anna udostępniła Ci plik", "udostępnił plik"],
    ["هذا مستند محمي", "مستند محمي"],
    ["يرجى تأكيد هويتك", "تحقق من هويتك"],
    ["شارك معك ملفا", "شارك ملفا معك"],
    // voicemail and fax notices, and a document that announces another one
    ["You have a new voice message (0:42)", "new voice message"],
    ["You have (2) unread voicemails", "new voice message"],
    ["You've got a new fax message", "new voice message"],
    ["Your invoice is ready to view", "your document is ready"],
    ["Your remittance advice is now available for download", "your document is ready"],
    ["Klicken Sie hier, um die Rechnung anzuzeigen", "klicken Sie hier, um anzuzeigen"],
    ["Ihre Rechnung ist jetzt verfügbar", "Ihre Rechnung ist bereit"],
    ["Cliquez ici pour consulter votre facture", "cliquez ici pour voir"],
    ["Votre facture électronique est disponible", "votre facture est disponible"],
    ["Haga clic aquí para ver la factura", "haga clic para ver"],
    ["Clique aqui para visualizar o boleto", "haga clic para ver"],
    ["Su factura electrónica está disponible", "su factura está disponible"],
    ["Seu boleto já está disponível", "su factura está disponible"],
    ["Clicca qui per visualizzare il documento", "clicca qui per visualizzare"],
    ["Klik hier om uw factuur te bekijken", "clicca qui per visualizzare"],
    ["La tua fattura è pronta", "la tua fattura è pronta"],
    ["Uw factuur staat klaar", "la tua fattura è pronta"],
    ["Kliknij tutaj, aby wyświetlić fakturę", "kliknij, aby wyświetlić"],
  ])("%j is lure wording (%s)", (text, name) => {
    const w = findLurePhrases(text, defaultBudget());
    expect(w.phrases).toContain(name);
    expect(w.isLure).toBe(true);
  });

  it("reads LURE_TEXT_SCAN_CHARS characters and reports a longer text", () => {
    const text = `${"The quarterly results show steady growth. ".repeat(10)}This document is protected. Click here to view the document.`;
    const narrow: Budget = { limits: { ...DEFAULT_LIMITS, LURE_TEXT_SCAN_CHARS: 200 }, budgetHits: new Set() };
    expect(findLurePhrases(text, narrow).isLure).toBe(false);
    expect([...narrow.budgetHits]).toEqual(["LURE_TEXT_SCAN_CHARS"]);
    const wide = defaultBudget();
    expect(findLurePhrases(text, wide).isLure).toBe(true);
    expect(wide.budgetHits.size).toBe(0);
  });

  it("needs two different weak phrases", () => {
    expect(findLurePhrases("Download the document from our website.", defaultBudget())).toEqual({
      phrases: ["view the document"],
      isLure: false,
    });
    expect(findLurePhrases("Click here for the agenda.", defaultBudget())).toEqual({
      phrases: ["call to action"],
      isLure: false,
    });
    expect(findLurePhrases("Scan the QR code to download our app", defaultBudget()).isLure).toBe(false);
    expect(findLurePhrases("DocuSign Envelope ID: 1234-5678", defaultBudget())).toEqual({
      phrases: ["impersonated service"],
      isLure: false,
    });
    expect(findLurePhrases("DocuSign: click here to review the document", defaultBudget()).isLure).toBe(true);
    expect(findLurePhrases("OneDrive - Click here to download the file", defaultBudget()).isLure).toBe(true);
    expect(findLurePhrases("Faturayı görüntüle: buraya tıklayın", defaultBudget()).isLure).toBe(true);
    expect(findLurePhrases("Pobierz dokument", defaultBudget()).isLure).toBe(false);
    expect(findLurePhrases("انقر هنا لعرض المستند", defaultBudget()).isLure).toBe(true);
    expect(findLurePhrases("ドキュメントを表示", defaultBudget()).isLure).toBe(false);
    // the nouns of payment and voice notices are weak alone, a lure with a second weak phrase
    expect(findLurePhrases("Please review the proposal before Friday.", defaultBudget()).isLure).toBe(false);
    expect(findLurePhrases("Play voice message", defaultBudget()).isLure).toBe(false);
    expect(findLurePhrases("View Purchase Order. CLICK HERE", defaultBudget()).isLure).toBe(true);
  });

  it.each([
    "The quarterly results show steady growth in all regions.",
    "Password policy: passwords must be at least 12 characters long and rotated yearly.",
    "To protect the document store, backups run nightly.",
    "This report is a protected work under copyright law.",
    "Das Dokument beschreibt die Sicherheitsarchitektur.",
    // a footer that says where the document itself is published, and unsubscribe lines
    "This document is available for download at www.example.org/guidelines",
    "Go paperless: your statements are available to view online at www.example-utility.com",
    "Your invoices are available to view in your online account.",
    "When you have new messages, the message lamp lights.",
    "Klicken Sie hier, um sich vom Newsletter abzumelden.",
    "Cliquez ici pour vous désabonner.",
    "Il documento è disponibile sul sito del ministero.",
    "",
  ])("%j is not lure wording", (text) => {
    expect(findLurePhrases(text, defaultBudget()).isLure).toBe(false);
  });
});

describe("target helpers", () => {
  it("tells web and outward targets", () => {
    expect(isWebTarget("https://a.example/x")).toBe(true);
    expect(isWebTarget("www.example.com/login")).toBe(true);
    expect(isWebTarget("mailto:a@example.com")).toBe(false);
    expect(isWebTarget("WIFI:S:net;T:WPA;P:secret;;")).toBe(false);
    expect(isOutwardTarget("javascript:app.alert(1)")).toBe(true);
    expect(isOutwardTarget("tel:+123")).toBe(false);
  });

  it("counts words, not punctuation", () => {
    expect(wordCount(" Click  here -- to view \n page 1 • ")).toBe(6);
  });

  it("counts words as the runs between white space that hold a letter or digit, in any script", () => {
    // the definition the one-pass count must keep: split on \s, keep the pieces with \p{L} or \p{N}
    const bySplit = (t: string) => t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const pieces = [
      "a",
      "Z",
      "7",
      "é",
      "ß",
      "Ж",
      "中文",
      "٣",
      "𝐀",
      "😀",
      "\ud800",
      "-",
      "•",
      "…",
      " ",
      "\u00a0",
      "\u3000",
      "\n",
      "\t",
      "\u2028",
      "\ufeff",
    ];
    let seed = 7;
    for (let n = 0; n < 500; n++) {
      let t = "";
      for (let k = 0; k < n % 40; k++) t += pieces[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length];
      expect(wordCount(t), JSON.stringify(t)).toBe(bySplit(t));
    }
  });

  it("stops counting once past the number asked about", () => {
    const text = "word ".repeat(1000);
    expect(wordCount(text)).toBe(1000);
    expect(wordCount(text, 10)).toBe(11);
    expect(wordCount("two words", 10)).toBe(2);
  });
});

describe("summarizeLures", () => {
  it("summarises render facts for the report, defanging URLs in the text", () => {
    const s = summarizeLures({
      pagesRendered: 2,
      pageCount: 2,
      pages: [
        { index: 0, text: "Open https://evil.example/x now", links: [], qrCodes: ["https://q.example/"] },
        { index: 1, text: "  second\n page ", links: [], qrCodes: [] },
      ],
      qrCodes: [{ page: 0, text: "https://q.example/" }],
      durationMs: 10,
      pdfjs: { pageCount: 2, hasCatalog: true },
    });
    expect(s).toEqual({
      pages_rendered: 2,
      qr_codes: [{ page: 0, text: "https://q.example/" }],
      text_excerpt: "Open hxxps[://]evil[.]example/x now\nsecond page",
    });
    expect(summarizeLures(undefined)).toEqual({ pages_rendered: 0, qr_codes: [], text_excerpt: "" });
  });
});

describe("withUnicodeBoundaries", () => {
  // the bounded pattern scanned directly: what the two-step search must return, match for match
  const direct = (re: RegExp) =>
    new RegExp(
      re.source.replaceAll(
        String.raw`\b`,
        String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`,
      ),
      "u",
    );
  const patterns = [
    /\b(invoice|order|charge)\b/,
    /\b(disney\+?|geek ?squad)\b/,
    /\bprotégé\b/,
    /(ab|b)\b/,
    /\b\d{3}\b/,
  ];
  const texts = [
    "your invoices and orders: one invoice",
    "reorder, then order",
    "disney+ plus disney, geeksquad and geek squad",
    "protégés et protégé",
    "xab ab",
    "1234 567 89",
    "charge",
    "",
    "日本語 order 日本語order",
  ];
  it.each(patterns.map((re) => [re.source, re] as const))(
    "finds the same first match as the bounded pattern scanned directly: %s",
    (_name, re) => {
      const phrase = withUnicodeBoundaries(re);
      for (const t of texts) {
        const want = direct(re).exec(t);
        const got = phrase.exec(t);
        expect([got?.index, got?.[0]], t).toEqual([want?.index, want?.[0]]);
        expect(phrase.test(t)).toBe(want !== null);
      }
    },
  );
});
