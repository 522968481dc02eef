// What the lure rules look for in rendered pages: the wording of "protected document" lures, how
// much text a page has, and where a reader's clicks and scans lead (links, URI actions, QR codes).
import { textWindow, type Budget } from "../../limits";
import { classifyUrl } from "../iocs/classify-url";
import { collapseWhitespace } from "../text/excerpt";
import { isGovernmentHost, isViewerDownloadPage } from "../iocs/url-hosts";
import type { PageAction, RenderFacts, RenderedPage } from "./render-facts";

/** What the lure rules read of a document's pages: the rendering's, or the content streams' (content-pages.ts). */
export type PageView = Pick<RenderFacts, "pages" | "pageCount">;
import { SPACE } from "../javascript/js-chars";

/** A detection threshold: lures are short (a cover page, sometimes a second one); longer documents are not judged as lures. */
export const LURE_MAX_PAGES = 3;
/** a detection threshold: QR lures ("scan to re-authenticate") run a little longer: a memo page or two around the code */
export const QR_LURE_MAX_PAGES = 5;
/** a detection threshold: an image covering this much of the page is the page's content ("blurred document preview") */
export const IMAGE_PAGE_COVERAGE = 0.5;
/** ...and a picture page with fewer rendered words than this is all picture: its text is in the image */
export const IMAGE_PAGE_MAX_WORDS = 10;

/**
 * Phrases of credential-phishing and "document share" lures (public phishing-kit and lure write-ups:
 * fake DocuSign/OneDrive/Adobe notices, "secure message" portals, quishing memos), one table for every
 * language: English, German, French, Spanish, Portuguese, Italian, Dutch, Russian, Turkish, Polish,
 * Arabic, Japanese, Chinese. Matched on lower-cased text with collapsed spaces. A strong phrase is lure wording by itself; a weak one
 * ("view the document", "click here", a brand name) is ordinary in real documents and counts only
 * with another signal.
 */
const PHRASES: [string, "strong" | "weak", RegExp][] = [
  // English
  [
    "protected/secure document",
    "strong",
    /\b(protected|secured?|encrypted) (pdf|document|file|message|attachment|invoice|fax)s?\b/,
  ],
  [
    "click to view",
    "strong",
    /\b(click|tap|press)( here| below| the (link|button)( below| above)?)? to (view|open|access|download|read|see|review|sign|unlock|preview|decrypt|verify|confirm|update|restore|secure|cancel|claim|get|log ?in|sign ?in)\b/,
  ],
  ["enable editing/content", "strong", /\benable (editing|content|macros)\b/],
  [
    "verify your identity",
    "strong",
    /\b(verify|confirm|validate) your (identity|account|email|e-mail|mailbox|credentials|login)\b/,
  ],
  // a CAPTCHA on a page that cannot run one: the fake-CAPTCHA lures of 2024-2025 (a picture and a link to the ClickFix page)
  [
    "fake CAPTCHA",
    "strong",
    /\b(i'?m|i am) not a robot\b|\bverify (that )?you('re| are) (a )?human\b|\b(complete|solve|pass) the captcha\b|\bcaptcha verification\b/,
  ],
  [
    "sign in to view",
    "strong",
    /\b(sign|log) ?in (with your [\w ]{2,30} )?to (view|access|open|read|download|continue)\b/,
  ],
  [
    "shared a file with you",
    "strong",
    /\b(shared|sent) (a |an |the |this |\d+ )?(new )?(secure |encrypted |important )?(file|document|folder|pdf|invoice|item)s? with you\b/,
  ],
  [
    "received a document",
    "strong",
    /\byou('ve| have) (received|got|been sent) (a |an )?(new )?(secure |encrypted |protected |important )?(document|file|message|fax|voicemail|invoice|payment)/,
  ],
  // a notice that a voice message or fax waits: voicemail and fax lures of 2022-2026 carry no document of
  // their own, only the notice and the link that "plays" it
  [
    "new voice message",
    "strong",
    /\byou('ve| have) (got )?(a |an |\d+ |\(\d+\) )?(new|missed|unread|pending) (voice ?mail|voice message|audio message|fax)( message)?s?\b/,
  ],
  [
    "play the message",
    "weak",
    /\b(listen to|play|hear) (the |your |this |new )?(voice ?mail|voice message|audio message)s?\b/,
  ],
  // a document that announces another document: the real invoice is the invoice, not a notice of it
  // (one document: a paper statement's or invoice's footer says the next ones "are available to view online")
  [
    "your document is ready",
    "strong",
    /\byour (new )?(invoice|document|file|remittance( advice)?|payment advice|purchase order|contract|agreement|fax|payslip|pay ?stub) (is|has been) (now )?(ready|available|uploaded) (to|for) (view|download|review|access)(ing)?\b/,
  ],
  [
    "document awaits signature",
    "strong",
    /\b(document|contract|agreement|invoice)s? (is |are )?(ready|pending|waiting|awaiting) (for )?(your )?(review|signature|approval)\b/,
  ],
  [
    "cannot be displayed",
    "strong",
    /\b(document|file|pdf|content|attachment)s? (can ?not|can't|could not|is unable to) be (display|preview|open|load)(ed)?\b|\b(can ?not|could not|unable to) (display|preview|open|load) (the |this )?(document|file|pdf|content)\b|\bpreview (is )?not available\b/,
  ],
  ["password expiry", "strong", /\b(your )?password (will |is about to )?(expire|expires|expired)\b/],
  ["mailbox quota", "strong", /\bmailbox (is )?(full|quota|storage)\b/],
  [
    "account suspension",
    "strong",
    /\b(account|apple id|mailbox|card|wallet)( will be| has been| is| was)?( temporarily)? (suspended|locked|deactivated|terminated|disabled|on hold|limited|restricted|blocked|frozen)\b/,
  ],
  [
    "secure your account",
    "strong",
    /\b(secure|unlock|restore|reactivate|re-?activate|recover) (my|your) (account|apple id|mailbox|password)\b/,
  ],
  [
    "unauthorized transaction",
    "strong",
    /\b(unauthori[sz]ed (transaction|purchase|payment|charge|sign-?in|login|access)|(haven't|have not|did not|didn't) authori[sz]ed? (this|the) (transaction|purchase|payment|charge)|(unusual|suspicious) (sign-?in|login) (attempt|activity))/,
  ],
  [
    "MFA re-enrolment",
    "strong",
    /\b(2fa|mfa|two[- ]factor|multi[- ]factor) (authentication )?(update|upgrade|re-?enrol|re-?authenticat|setup|expir)/,
  ],
  [
    "view the document",
    "weak",
    /\b(view|open|access|download|preview|review|unlock)( the| your| this)? (secure |protected |encrypted |shared )?(document|pdf|file|invoice|attachment|message|statement|remittance( advice)?|payment (advice|confirmation|details)|purchase order|proposal|quotation|payslip|pay ?stub|voice ?mail|voice message|fax)s?\b/,
  ],
  [
    "scan to sign in/verify",
    "strong",
    /\bscan (the |this )?(qr[- ]?code|qr|code)( below| above)? (to|and) (view|access|sign|verify|review|unlock|authenticate|re-?authenticate|update|confirm|secure|restore|keep|retain|reactivate)\b/,
  ],
  [
    "scan the QR code",
    "weak",
    /\bscan (the |this |below )?(qr[- ]?code|qr|code)\b|\bscan (to|and) (view|access|sign|verify|review|unlock|continue|re-?authenticate)\b/,
  ],
  ["confidential document", "weak", /\b(confidential|private) (document|file|message|attachment)s?\b/],
  [
    "call to action",
    "weak",
    /\b(click here|click below|tap here|klicken sie hier|hier klicken|cliquez ici|haga clic|haz clic|clique aqui|clicca qui|fai clic|klik hier|нажмите|buraya tıklayın|tıklayınız|kliknij tutaj|kliknij poniżej|انقر هنا|اضغط هنا|点击这里|點擊這裡)\b/,
  ],
  [
    "impersonated service",
    "weak",
    /\b(docusign|adobe (sign|document cloud)|sharepoint|onedrive|office ?365|microsoft 365|outlook web|dropbox|wetransfer|google (drive|docs)|citrix sharefile)\b/,
  ],
  // German
  [
    "geschütztes Dokument",
    "strong",
    /\b(geschützte[sn]?|sichere[sn]?|verschlüsselte[sn]?) (dokument|datei|nachricht|pdf)\b/,
  ],
  ["Identität bestätigen", "strong", /\b(bestätigen|verifizieren) sie ihre (identität|e-mail|konto)/],
  ["Datei geteilt", "strong", /\bhat (eine|ein) (datei|dokument) (mit ihnen )?geteilt\b/],
  [
    "klicken Sie hier, um anzuzeigen",
    "strong",
    /\b(klicken sie|klicke) (hier|unten|auf den (link|button|knopf)),? um [^.\n]{0,40}?(anzuzeigen|zu öffnen|herunterzuladen|anzusehen|einzusehen|zu überprüfen|zu bestätigen|zu verifizieren)\b/,
  ],
  [
    "Ihre Rechnung ist bereit",
    "strong",
    /\bihre? (rechnung|dokument|datei|abrechnung) (ist|steht) (jetzt )?(bereit|verfügbar|abrufbar)\b/,
  ],
  // French
  ["document protégé", "strong", /\b(document|fichier|message) (protégé|sécurisé|chiffré)\b/],
  ["vérifiez votre identité", "strong", /\b(vérifiez|confirmez|validez) votre (identité|compte|adresse)/],
  ["a partagé un fichier", "strong", /\ba partagé (un|le) (fichier|document) avec vous\b/],
  [
    "voir le document",
    "weak",
    /\b(voir|afficher|consulter|ouvrir|télécharger) (le |votre |ce )?(document|fichier|facture)\b/,
  ],
  [
    "cliquez ici pour voir",
    "strong",
    /\bcliquez (ici|ci-dessous|sur le (lien|bouton)( ci-dessous)?) pour (voir|consulter|télécharger|ouvrir|accéder|afficher|vérifier|valider|confirmer)\b/,
  ],
  [
    "votre facture est disponible",
    "strong",
    /\bvotre (facture|document|fichier) (électronique )?(est )?(disponible|prête?)\b/,
  ],
  // Spanish / Portuguese
  [
    "documento protegido",
    "strong",
    /\b(documento|archivo|arquivo|mensaje|mensagem) (protegido|seguro|cifrado|criptografado)\b/,
  ],
  [
    "verifique su identidad",
    "strong",
    /\b(verifique|confirme|valide) (su|sua|tu) (identidad|identidade|cuenta|conta)\b/,
  ],
  ["ha compartido un archivo", "strong", /\b(ha compartido|compartilhou) (un|um) (archivo|arquivo|documento)\b/],
  [
    "ver documento",
    "weak",
    /\b(ver|abrir|visualizar|descargar|baixar) (el |o |su |seu )?(documento|archivo|arquivo|factura|fatura)\b/,
  ],
  [
    "haga clic para ver",
    "strong",
    /\b(haga|haz|dé|de) clic (aquí|aqui|abajo|en el (enlace|botón)( de abajo)?) para (ver|descargar|abrir|acceder|revisar|consultar)\b|\b(clique|toque|clica) (aqui|abaixo|no (link|botão)( abaixo)?) (para|e) (visualizar|baixar|abrir|acessar|ver|consultar|conferir)\b/,
  ],
  [
    "su factura está disponible",
    "strong",
    /\b(su|tu) (factura|documento|archivo|recibo)( electrónic[oa])? (ya )?(está|esta) (disponible|list[oa])\b|\b(seu|sua) (boleto|documento|arquivo|comprovante|fatura|nota fiscal)( eletrônica)? (já |ja )?(está|esta) (disponível|disponivel|pront[oa])\b/,
  ],
  // Italian / Dutch
  [
    "documento protetto",
    "strong",
    /\b(documento|file) (protetto|sicuro)\b|\b(beveiligd|beschermd) (document|bestand)\b/,
  ],
  [
    "verifica identità",
    "strong",
    /\bverifica (la tua|la sua) (identità|account)\b|\b(bevestig|verifieer) (uw|je) (identiteit|account)\b/,
  ],
  [
    "visualizza documento",
    "weak",
    /\b(visualizza|apri|scarica) (il )?(documento|file)\b|\b(document|bestand) (bekijken|openen|downloaden)\b/,
  ],
  [
    "clicca qui per visualizzare",
    "strong",
    /\b(clicca|fai clic|clicchi) (qui|sotto|sul (link|pulsante)( sotto)?) per (visualizzare|scaricare|aprire|accedere|vedere|consultare)\b|\bklik (hier|hieronder|op de (link|knop)) om [^.\n]{0,40}?(te (bekijken|openen|downloaden|bevestigen|verifiëren)|in te zien)\b/,
  ],
  [
    "la tua fattura è pronta",
    "strong",
    /\b(la (tua|sua) fattura|il (tuo|suo) documento) (elettronic[oa] )?(è|e'|è ora) (pront[oa]|disponibile)\b|\buw (factuur|document|bestand) (staat (nu )?klaar|is (nu )?beschikbaar)\b/,
  ],
  // Russian
  [
    "защищенный документ",
    "strong",
    /(защищ[её]нный|безопасный) (документ|файл)|подтвердите (свою )?(личность|учетную запись)/,
  ],
  ["просмотреть документ", "weak", /(просмотреть|открыть|скачать) (документ|файл)/],
  ["поделился файлом", "strong", /поделил(ся|ась|ись) (с вами )?(файлом|документом)/],
  // Italian and Dutch share notices
  [
    "ha condiviso un file",
    "strong",
    /\bha condiviso (un|il|questo) (file|documento) con (te|lei|voi)\b|\bheeft (een|het|dit) (bestand|document) (met (u|je|jou) )?gedeeld\b/,
  ],
  // Turkish
  ["korumalı belge", "strong", /\b(korumalı|güvenli|şifreli|şifrelenmiş) (belge|dosya|doküman|mesaj|pdf|fatura)\b/],
  [
    "kimliğinizi doğrulayın",
    "strong",
    /\b(kimliğinizi|hesabınızı|e-posta adresinizi) (doğrulayın|doğrulayınız|onaylayın|onaylayınız)\b/,
  ],
  ["sizinle dosya paylaştı", "strong", /\bsizinle (bir )?(dosya|belge|doküman) paylaştı\b/],
  [
    "belgeyi görüntüle",
    "weak",
    /\b(belgeyi|dosyayı|faturayı) (görüntüle|görüntüleyin|görüntülemek|aç|açın|indir|indirin)\b/,
  ],
  // Polish
  [
    "chroniony dokument",
    "strong",
    /\b(chroniony|zabezpieczony|zaszyfrowany|poufny) (dokument|plik|pdf)\b|\b(chroniona|zabezpieczona|zaszyfrowana) (wiadomość|faktura)\b/,
  ],
  [
    "zweryfikuj tożsamość",
    "strong",
    /\b(zweryfikuj|potwierdź) (swoją |swoje |twoją |twoje )?(tożsamość|konto|adres e-mail)\b/,
  ],
  ["udostępnił plik", "strong", /\budostępnił(a|o)? (ci |tobie |państwu |pani |panu )?(plik|dokument)\b/],
  ["zobacz dokument", "weak", /\b(zobacz|wyświetl|otwórz|pobierz) (dokument|plik|fakturę)\b/],
  [
    "kliknij, aby wyświetlić",
    "strong",
    /\bkliknij (tutaj|poniżej|w (link|przycisk)( poniżej)?),? (aby|żeby) (wyświetlić|pobrać|otworzyć|zobaczyć|zweryfikować|potwierdzić|uzyskać dostęp)\b/,
  ],
  // Arabic (letters count as word characters for the Unicode boundary; ل "to" and و "and" are written joined)
  ["مستند محمي", "strong", /\b(مستند|ملف|وثيقة|رسالة|فاتورة) (محمي|محمية|آمن|آمنة|مشفر|مشفرة)\b/],
  ["تحقق من هويتك", "strong", /\b(تحقق|تحققوا|أكد|أكّد|يرجى تأكيد|قم بتأكيد) (من )?(هويتك|حسابك|بريدك الإلكتروني)\b/],
  ["شارك ملفا معك", "strong", /\bشارك (معك )?(ملفا|ملفًا|مستندا|مستندًا)\b/],
  ["عرض المستند", "weak", /\b(ل|و)?(عرض|افتح|فتح|تنزيل|تحميل) (المستند|الملف|الفاتورة|الوثيقة)\b/],
  // Japanese and Chinese: no spaces between words, so no word boundaries
  [
    "アカウントのロック",
    "strong",
    /(アカウント|apple ?id|カード)(が|は)?[^。]{0,20}(ロック|停止|凍結|制限)(されています|されました|されます)/,
  ],
  ["本人確認", "strong", /(本人|身元|アカウント(情報)?)(を|の)?(確認|検証|認証|更新)(して|する|します|を)/],
  [
    "保護されたドキュメント",
    "strong",
    /(保護された|暗号化された|セキュアな?)(ドキュメント|文書|ファイル|pdf|メッセージ)/,
  ],
  ["ファイルを共有", "strong", /(ファイル|ドキュメント|文書)を(あなたと)?共有しました/],
  ["ドキュメントを表示", "weak", /(ドキュメント|文書|ファイル|請求書)を(表示|開く|ダウンロード|確認)/],
  ["クリック", "weak", /(ここ|こちら|以下|下記|次)の?(リンク)?を?クリック/],
  ["账户锁定", "strong", /(账户|帳戶|账号|帳號)(已经|已經|已)?被?(锁定|鎖定|冻结|凍結|停用|暂停|暫停)/],
  ["验证身份", "strong", /(验证|驗證|确认|確認)(您的)?(身份|账户|帳戶|账号|帳號)/],
  ["受保护的文档", "strong", /(受保护|受保護|加密)的?(文档|文件|文檔)/],
  ["共享了文件", "strong", /(与您|與您|和你|和您)共享了?(一个|一個|一份)?(文件|文档|文檔)/],
  ["点击查看", "weak", /(点击|點擊)(此处|此處|这里|這裡|下方)?(查看|打开|打開|下载|下載)/],
];

/** `\b` of a JavaScript RegExp knows ASCII letters only ("protégé\b" never matches): a Unicode one */
const UNICODE_BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}])(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])(?![\p{L}\p{N}]))`;
type PhraseRe = readonly [name: string, strength: "strong" | "weak", re: UnicodePhrase];
let phraseRes: PhraseRe[] | undefined;
/**
 * Compiled on first use, not at import: the Unicode classes take ~30 ms to compile, which every
 * `pdfscan analyze` start (fast stage: no rendered text) would pay for nothing.
 */
function compiledPhrases(): PhraseRe[] {
  return (phraseRes ??= PHRASES.map(([name, strength, re]) => [name, strength, withUnicodeBoundaries(re)] as const));
}

/** A phrase pattern searched with Unicode word boundaries (withUnicodeBoundaries). */
export interface UnicodePhrase {
  /** the leftmost match, as RegExp.prototype.exec of the bounded pattern from the start */
  exec(text: string): RegExpExecArray | null;
  test(text: string): boolean;
  /** the two RegExps it runs (for the complexity guard of test/regex-budget.test.ts) */
  patterns: readonly RegExp[];
}

/**
 * `re` with every `\b` a Unicode word boundary (letters and digits of any script), as a `u` RegExp.
 * Searched in two steps with the same result: the pattern without its boundaries finds where a match
 * can start (a bounded match is a match of it, so no start is missed), and the bounded pattern is
 * tried at those places only. Scanned directly, the boundary's lookarounds were tried before the words
 * at every character of the text: the call-back check's phrase tables were 40% of an invoice's fast stage.
 */
export function withUnicodeBoundaries(re: RegExp): UnicodePhrase {
  const at = new RegExp(re.source.replaceAll(String.raw`\b`, UNICODE_BOUNDARY), "uy");
  const starts = new RegExp(re.source.replaceAll(String.raw`\b`, ""), "ug");
  const exec = (text: string): RegExpExecArray | null => {
    starts.lastIndex = 0;
    for (let m = starts.exec(text); m; m = starts.exec(text)) {
      at.lastIndex = m.index;
      const hit = at.exec(text);
      if (hit) return hit;
      starts.lastIndex = m.index + 1;
    }
    return null;
  };
  return { exec, test: (text) => exec(text) !== null, patterns: [at, starts] };
}

export interface LureWording {
  /** names of the phrases found, strong ones first */
  phrases: string[];
  /** the wording is a lure's: one strong phrase, or two different weak ones */
  isLure: boolean;
}

/**
 * The lure phrases of `text`: its first LURE_TEXT_SCAN_CHARS characters (lib/limits.ts), reported when
 * the text is longer. A lure page says little (the corpus's lures have under 100 words), and 40-odd
 * patterns over a 20,000-character page of CJK text take ~60 ms.
 */
export function findLurePhrases(text: string, budget: Budget): LureWording {
  const t = normalizeText(textWindow(text, budget, "LURE_TEXT_SCAN_CHARS"));
  if (!t) return { phrases: [], isLure: false };
  const hits = compiledPhrases().filter(([, , re]) => re.test(t));
  const strong = hits.filter(([, s]) => s === "strong").map(([n]) => n);
  const weak = hits.filter(([, s]) => s === "weak").map(([n]) => n);
  return { phrases: [...strong, ...weak], isLure: strong.length > 0 || weak.length >= 2 };
}

const wordingCache = new WeakMap<RenderedPage, { maxChars: number; wording: LureWording }>();

/** findLurePhrases of a rendered page's text, computed once per page (and window) for all rules. */
export function pageWording(page: RenderedPage, budget: Budget): LureWording {
  const maxChars = budget.limits.LURE_TEXT_SCAN_CHARS;
  const known = wordingCache.get(page);
  if (known?.maxChars === maxChars) {
    // the window's hit, for each rule's result alike
    if (page.text.length > maxChars) budget.budgetHits.add("LURE_TEXT_SCAN_CHARS");
    return known.wording;
  }
  const wording = findLurePhrases(page.text, budget);
  wordingCache.set(page, { maxChars, wording });
  return wording;
}

/**
 * The last text normalized, and its form: the lure rules of one document each normalize the same
 * page text (the call-back, paste-and-run and wording checks), and normalizing a page (NFKC, case,
 * spaces) was the costliest step they share. A pure function's memo, compared by value.
 */
let lastNormalized: { text: string; normal: string } | undefined;

export function normalizeText(text: string): string {
  if (lastNormalized?.text === text) return lastNormalized.normal;
  const normal = collapseWhitespace(
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2019\u2018`]/g, "'"),
  ).trim();
  lastNormalized = { text, normal };
  return normal;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Words with at least one letter or digit (page numbers and bullets count, lone punctuation does not):
 * the runs between `\s` that hold a `\p{L}` or `\p{N}`. Counting stops once past `stopAbove`, for a
 * check that only asks "more than N words?" of a long text. One pass with no string per word; ASCII
 * letters by their code, other letters by the same Unicode classes, \s by js-chars' table.
 */
export function wordCount(text: string, stopAbove = Infinity): number {
  let n = 0;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // every \s character is one UTF-16 unit: js-chars' table classes it
    const space = SPACE[c] === 1;
    let letter: boolean;
    if (c < 0x80) letter = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
    else if (space) letter = false;
    else {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      letter = LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
    }
    if (space) counted = false;
    else if (letter && !counted) {
      counted = true;
      if (++n > stopAbove) return n;
    }
  }
  return n;
}

/** A web address: http(s) URL, or a bare `www.` / domain-and-path form as QR generators write. */
export function isWebTarget(target: string): boolean {
  const t = target.trim();
  return /^https?:\/\/[^\s/]+/i.test(t) || /^www\.[a-z0-9-]+\.[a-z]/i.test(t);
}

/** A target that leaves the document for somewhere the author controls (not mailto:/tel:/internal). */
export function isOutwardTarget(target: string): boolean {
  return isWebTarget(target) || /^(javascript|data|ftp|file|vbscript):/i.test(target.trim());
}

/** A bare `www.` address as a URL the URL-based checks can parse. */
export function asUrl(target: string): string {
  const t = target.trim();
  return /^www\./i.test(t) ? `http://${t}` : t;
}

export interface OutwardTarget {
  url: string;
  source: "link" | "qr-code" | "uri-action" | "submit-form" | "script";
  /** 0-based page */
  page?: number;
  areaRatio?: number;
}

/**
 * Where the document sends a reader: the view's links and QR codes, URI / SubmitForm actions, and the
 * web pages scripts open (ActionFact.opens: a button that is a link by script). A URI action is its link
 * annotation's own target, listed once: the view's links are those annotations.
 */
export function outwardTargets(actions: readonly PageAction[], render: PageView | undefined): OutwardTarget[] {
  const out: OutwardTarget[] = [];
  const linked = new Set<string>();
  for (const p of render?.pages ?? []) {
    for (const l of p.links) {
      if (!isOutwardTarget(l.url)) continue;
      out.push({ url: l.url, source: "link", page: p.index, areaRatio: l.areaRatio });
      linked.add(`${p.index} ${l.url}`);
    }
    for (const q of p.qrCodes) if (isOutwardTarget(q)) out.push({ url: q, source: "qr-code", page: p.index });
  }
  for (const a of actions) {
    if (!a.target || !isOutwardTarget(a.target)) continue;
    if (a.type === "URI" && !linked.has(`${a.page} ${a.target}`))
      out.push({ url: a.target, source: "uri-action", page: a.page, areaRatio: a.annotationAreaRatio });
    else if (a.type === "SubmitForm") out.push({ url: a.target, source: "submit-form", page: a.page });
  }
  for (const a of actions)
    if (a.opens && isOutwardTarget(a.opens) && !linked.has(`${a.page} ${a.opens}`))
      out.push({ url: a.opens, source: "script", page: a.page, areaRatio: a.annotationAreaRatio });
  return out;
}

/**
 * A way out to a government site or to Adobe's Reader download page: a form's link to its agency, the
 * "upgrade your viewer" link of an XFA form's stand-in page. No attacker's page can be there, so it is
 * not a lure's way out.
 */
export function isOfficialTarget(target: string): boolean {
  const url = classifyUrl(asUrl(target));
  return !!url && url.hostKind === "domain" && (isGovernmentHost(url.host) || isViewerDownloadPage(url.host, url.path));
}

/** Page count for the "short document" tests: the larger of the two readers' counts. */
export function lurePageCount(pageCount: number, render: PageView | undefined): number {
  return Math.max(pageCount, render?.pageCount ?? 0);
}

/** The rendered pages a short-document rule looks at. */
export function lurePages(render: PageView | undefined, maxPages: number): RenderedPage[] {
  return (render?.pages ?? []).filter((p) => p.index < maxPages);
}
