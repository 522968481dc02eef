// The last lines of the screen: the message line (an error in one line, or what just happened), the
// help that `?` opens, the export format chooser, and the prompt or the key hints.
import { Box, Text } from "ink";
import { REPORT_FORMAT_CHOICES } from "../../server/report-formats/export-names";
import { helpLines, keyHints, promptLine } from "./key-help";
import { useTone } from "./theme";
import type { UiState } from "./ui-state";

/** how many lines the bar takes for this state (the body gets the rest) */
export const bottomBarHeight = (state: UiState): number =>
  2 + helpLines(state).length + (state.mode.kind === "export-format" ? 1 : 0);

export function BottomBar({ state, width }: { state: UiState; width: number }) {
  const tone = useTone();
  const prompt = promptLine(state.mode, width);
  const mode = state.mode;
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text wrap="truncate-end" {...tone(state.message?.error ? "error" : "muted")}>
        {state.message?.text ?? " "}
      </Text>
      {helpLines(state).map((line) => (
        <Text key={line} wrap="truncate-end">
          {line}
        </Text>
      ))}
      {mode.kind === "export-format" && (
        <Text wrap="truncate-end">
          {"export as: "}
          {REPORT_FORMAT_CHOICES.map((format, i) => (
            <Text key={format} inverse={i === mode.choice}>{` ${i + 1} ${format} `}</Text>
          ))}
          {"  Enter, Esc cancel"}
        </Text>
      )}
      {prompt ? (
        <Text wrap="truncate-end">
          <Text {...tone("heading")}>{prompt.label}</Text>
          {prompt.text}
          <Text inverse> </Text>
          <Text {...tone("muted")}>{prompt.after}</Text>
        </Text>
      ) : (
        <Text wrap="truncate-end" {...tone("muted")}>
          {keyHints(state)}
        </Text>
      )}
    </Box>
  );
}
