// Starts the full-screen terminal UI (pdfscan ui) and resolves when the user quits. It draws on the
// terminal's alternate screen, as full-screen programs do, so the shell's scrollback is left as it
// was. Loaded by commands/ui.ts only when `pdfscan ui` runs: other commands never load React or Ink.
import { render } from "ink";
import type { ScanClient } from "../client/scan-client";
import { App } from "./app";
import { ColorContext } from "./theme";

// DEC private mode 1049: switch to the alternate screen buffer (and back)
const ENTER_ALTERNATE_SCREEN = "\x1b[?1049h";
const LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l";

export async function startUi(client: ScanClient, options: { color: boolean; cwd: string }): Promise<void> {
  process.stdout.write(ENTER_ALTERNATE_SCREEN);
  try {
    const instance = render(
      <ColorContext value={options.color}>
        <App client={client} cwd={options.cwd} />
      </ColorContext>,
      { exitOnCtrlC: true },
    );
    await instance.waitUntilExit();
  } finally {
    process.stdout.write(LEAVE_ALTERNATE_SCREEN);
  }
}
