// pdfscan completion bash|zsh|fish - prints a shell completion script built from the command tree
// itself (commands, their options, the choices of options like --format), so it never drifts.
import { Argument, type Command, type Option } from "commander";
import type { CliContext } from "../context";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

const EXAMPLES = `
Examples:
  $ pdfscan completion bash > ~/.local/share/bash-completion/completions/pdfscan
  $ pdfscan completion zsh > "\${fpath[1]}/_pdfscan"
  $ pdfscan completion fish > ~/.config/fish/completions/pdfscan.fish
  $ source <(pdfscan completion bash)            # this shell only`;

interface CommandSpec {
  /** "analyze", or "keys create" for a subcommand */
  path: string;
  description: string;
  options: { flags: string[]; description: string; choices?: readonly string[]; takesValue: boolean }[];
  subcommands: string[];
  /** the command takes a path or an id (so file names are offered), not only options (`ui`, `scans`) */
  takesFiles: boolean;
}

export function registerCompletionCommand(program: Command, ctx: CliContext): void {
  program
    .command("completion")
    .description("print a shell completion script")
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(SHELLS))
    .addHelpText("after", EXAMPLES)
    .action((shell: Shell) => {
      ctx.stdout.write(completionScript(shell, program));
    });
}

export function describeCommands(program: Command): CommandSpec[] {
  const specs: CommandSpec[] = [];
  const visit = (cmd: Command, path: string) => {
    specs.push({
      path,
      description: cmd.description(),
      options: [...cmd.options.map(describeOption), HELP_OPTION],
      subcommands: cmd.commands.map((c) => c.name()),
      // an argument with choices (completion's shell) is completed with its choices, not file names
      takesFiles: cmd.registeredArguments.some((a) => !a.argChoices),
    });
    for (const sub of cmd.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, "");
  return specs;
}

/** commander's help flag is not in `options` */
const HELP_OPTION: CommandSpec["options"][number] = {
  flags: ["-h", "--help"],
  description: "display help",
  takesValue: false,
};

function describeOption(o: Option): CommandSpec["options"][number] {
  return {
    flags: [o.short, o.long].filter((f): f is string => !!f),
    description: o.description,
    choices: o.argChoices,
    takesValue: o.required || o.optional,
  };
}

export function completionScript(shell: Shell, program: Command): string {
  const specs = describeCommands(program);
  switch (shell) {
    case "bash":
      return bashScript(specs);
    case "zsh":
      return zshScript(specs);
    case "fish":
      return fishScript(specs);
  }
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

function bashScript(specs: CommandSpec[]): string {
  const cases = specs.map((s) => {
    const words = [...s.subcommands, ...s.options.flatMap((o) => o.flags)].join(" ");
    const valueCases = s.options
      .filter((o) => o.takesValue)
      .map(
        (o) =>
          `        ${o.flags.join("|")}) COMPREPLY=(${o.choices ? `$(compgen -W ${quote(o.choices.join(" "))} -- "$cur")` : `$(compgen -f -- "$cur")`}); return ;;`,
      )
      .join("\n");
    return `    ${quote(s.path)})\n      case "$prev" in\n${valueCases}\n      esac\n      words_here=${quote(words)} ;;`;
  });
  return `# bash completion for pdfscan (pdfscan completion bash)
_pdfscan() {
  local cur prev path="" words_here i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # the command path typed so far: the words that are subcommand names
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *)
      case " $(_pdfscan_subcommands "$path") " in *" \${COMP_WORDS[i]} "*) path="\${path:+$path }\${COMP_WORDS[i]}" ;; esac ;;
    esac
  done
  case "$path" in
${cases.join("\n")}
  esac
  if [[ "$path" == "completion" ]]; then words_here="bash zsh fish"; fi
  local files=1
  case "$path" in
    ${specs
      .filter((s) => !s.takesFiles)
      .map((s) => quote(s.path))
      .join("|")}) files=0 ;;
  esac
  if [[ "$cur" == -* || $files == 0 ]]; then
    COMPREPLY=($(compgen -W "$words_here" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$words_here" -f -- "$cur"))
  fi
}
_pdfscan_subcommands() {
  case "$1" in
${specs.map((s) => `    ${quote(s.path)}) echo ${quote(s.subcommands.join(" "))} ;;`).join("\n")}
  esac
}
complete -o filenames -F _pdfscan pdfscan
`;
}

function zshScript(specs: CommandSpec[]): string {
  const fn = (s: CommandSpec) => `_pdfscan_${s.path ? s.path.replaceAll(" ", "_") : "root"}`;
  const optSpec = (o: CommandSpec["options"][number]) => {
    const desc = o.description
      .replaceAll("'", "'\\''")
      .replaceAll("[", "\\[")
      .replaceAll("]", "\\]")
      .replaceAll(":", "\\:");
    const value = o.takesValue ? (o.choices ? `:value:(${o.choices.join(" ")})` : ":value:_files") : "";
    const names = o.flags.length > 1 ? `{${o.flags.join(",")}}` : o.flags[0];
    return `    ${o.flags.length > 1 ? `'(${o.flags.join(" ")})'` : ""}${names}'[${desc}]${value}'`;
  };
  const functions = specs.map((s) => {
    const opts = s.options.map(optSpec);
    if (s.subcommands.length > 0) {
      const subs = s.subcommands.map(
        (name) =>
          `'${name}:${(specs.find((x) => x.path === (s.path ? `${s.path} ${name}` : name))?.description ?? "").replaceAll("'", "'\\''").replaceAll(":", "\\:")}'`,
      );
      return `${fn(s)}() {
  local -a subcommands
  subcommands=(${subs.join(" ")})
  _arguments -C \\
${[...opts, "    '1: :->cmd'", "    '*:: :->args'"].join(" \\\n")}
  case $state in
    cmd) _describe command subcommands ;;
    args) local f="${fn(s)}_\${words[1]}"; (( $+functions[$f] )) && $f ;;
  esac
}`;
    }
    const rest =
      s.path === "completion" ? ["    '1:shell:(bash zsh fish)'"] : s.takesFiles ? ["    '*:file:_files'"] : [];
    return `${fn(s)}() {
  _arguments \\
${[...opts, ...rest].join(" \\\n")}
}`;
  });
  return `#compdef pdfscan
# zsh completion for pdfscan (pdfscan completion zsh)
${functions.join("\n")}
compdef _pdfscan_root pdfscan
`;
}

function fishScript(specs: CommandSpec[]): string {
  const lines = ["# fish completion for pdfscan (pdfscan completion fish)", "complete -c pdfscan -f"];
  const root = specs.find((s) => s.path === "")!;
  const top = root.subcommands.join(" ");
  for (const s of specs) {
    const parts = s.path.split(" ").filter(Boolean);
    const cond =
      parts.length === 0
        ? `not __fish_seen_subcommand_from ${top}`
        : parts.map((p) => `__fish_seen_subcommand_from ${p}`).join("; and ");
    if (parts.length === 1 && s.takesFiles && s.subcommands.length === 0)
      lines.push(`complete -c pdfscan -n ${quote(cond)} -F`);
    for (const sub of s.subcommands) {
      const desc = specs.find((x) => x.path === (s.path ? `${s.path} ${sub}` : sub))?.description ?? "";
      lines.push(`complete -c pdfscan -n ${quote(cond)} -a ${sub} -d ${quote(desc)}`);
    }
    if (s.path === "completion") lines.push(`complete -c pdfscan -n ${quote(cond)} -a 'bash zsh fish'`);
    for (const o of s.options) {
      const names = o.flags.map((f) => (f.startsWith("--") ? `-l ${f.slice(2)}` : `-s ${f.slice(1)}`)).join(" ");
      const value = o.takesValue ? (o.choices ? ` -x -a ${quote(o.choices.join(" "))}` : " -r -F") : "";
      lines.push(`complete -c pdfscan -n ${quote(cond)} ${names} -d ${quote(o.description)}${value}`);
    }
  }
  return `${lines.join("\n")}\n`;
}
