// Shell completion scripts for bash and zsh, generated from the command tree the CLI declares, so they
// never drift from the real options. Pure: command tree in, script out.

export interface CompletionOption {
  /** Long flag, e.g. "--trust" (short flags are completed too when given). */
  long: string;
  short?: string;
  description: string;
  /** Takes a value; `path` when the value is a file or directory. */
  value: "none" | "path" | "other";
  repeatable: boolean;
}

export interface CompletionCommand {
  name: string;
  description: string;
  options: CompletionOption[];
  subcommands: CompletionCommand[];
  /** Positional arguments are files (evidence, originals, directories). */
  fileArguments: boolean;
  /** Fixed values of the first positional argument (e.g. bash, zsh). */
  choices?: string[];
}

const PROGRAM = "sealcheck";

function words(list: readonly string[]): string {
  return list.join(" ");
}

function flags(o: CompletionOption): string[] {
  return o.short ? [o.long, o.short] : [o.long];
}

function bashCase(path: string, c: CompletionCommand, out: string[]): void {
  const opts = [...c.options.flatMap(flags), "--help"];
  const valued = c.options.filter((o) => o.value !== "none");
  out.push(`    ${path})`);
  if (c.subcommands.length) out.push(`      subs="${words(c.subcommands.map((s) => s.name))}"`);
  out.push(`      opts="${words(opts)}"`);
  out.push(`      pathopts="${words(valued.filter((o) => o.value === "path").flatMap(flags))}"`);
  out.push(`      valueopts="${words(valued.filter((o) => o.value === "other").flatMap(flags))}"`);
  out.push(`      files=${c.fileArguments ? 1 : 0}`);
  if (c.choices?.length) out.push(`      subs="${words(c.choices)}" # choices`);
  out.push("      ;;");
  for (const s of c.subcommands) bashCase(`${path}/${s.name}`, s, out);
}

export function bashCompletion(commands: readonly CompletionCommand[]): string {
  const cases: string[] = [];
  for (const c of commands) bashCase(c.name, c, cases);
  return `# bash completion for ${PROGRAM}
# Install: ${PROGRAM} completion bash > /etc/bash_completion.d/${PROGRAM}
#      or: echo 'source <(${PROGRAM} completion bash)' >> ~/.bashrc
_${PROGRAM}_completion() {
  local cur prev path="" i word subs="" opts="" pathopts="" valueopts="" files=0
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  COMPREPLY=()
  for (( i = 1; i < COMP_CWORD; i++ )); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    if [[ -z "$path" ]]; then path="$word"
    elif [[ " $subs " == *" $word "* ]]; then path="$path/$word"
    else break
    fi
    subs=""
    case "$path" in
${cases.filter((l) => !l.includes("opts=") && !l.includes("files=") && !l.includes("# choices")).join("\n")}
    esac
  done
  if [[ -z "$path" ]]; then
    COMPREPLY=( $(compgen -W "${words(commands.map((c) => c.name))} help --help --version" -- "$cur") )
    return 0
  fi
  subs=""
  case "$path" in
${cases.join("\n")}
    *) opts="--help" ;;
  esac
  if [[ -n "$pathopts" && " $pathopts " == *" $prev "* ]]; then
    COMPREPLY=( $(compgen -f -- "$cur") )
    return 0
  fi
  if [[ -n "$valueopts" && " $valueopts " == *" $prev "* ]]; then
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
  elif [[ -n "$subs" ]]; then
    COMPREPLY=( $(compgen -W "$subs" -- "$cur") )
  elif (( files )); then
    COMPREPLY=( $(compgen -f -- "$cur") )
  fi
  return 0
}
complete -o filenames -o bashdefault -F _${PROGRAM}_completion ${PROGRAM}
`;
}

/** Text for a zsh _arguments/_describe description: no brackets, colons or quotes. */
function zdesc(s: string): string {
  return s
    .replace(/[[\]:'\\`$]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function zshArguments(c: CompletionCommand): string[] {
  const specs = c.options.map((o) => {
    const names = flags(o);
    const head = o.repeatable
      ? `'*'${names.length > 1 ? `{${names.join(",")}}` : names[0]}`
      : names.length > 1
        ? `'(${names.join(" ")})'{${names.join(",")}}`
        : names[0]!;
    const value = o.value === "path" ? ":path:_files" : o.value === "other" ? ":value: " : "";
    return `${head}'[${zdesc(o.description)}]${value}'`;
  });
  specs.push("'(- *)--help[show help]'");
  if (c.choices?.length) specs.push(`'1:value:(${c.choices.join(" ")})'`);
  if (c.fileArguments) specs.push("'*:file:_files'");
  return specs;
}

function zshFunction(fn: string, c: CompletionCommand, out: string[]): void {
  if (c.subcommands.length) {
    out.push(`${fn}() {`);
    out.push("  local -a subcommands");
    out.push(`  subcommands=(${c.subcommands.map((s) => `'${s.name}:${zdesc(s.description)}'`).join(" ")})`);
    out.push("  if (( CURRENT == 2 )); then");
    out.push(`    _describe -t commands '${c.name} command' subcommands`);
    out.push("    return");
    out.push("  fi");
    out.push("  local sub=${words[2]}");
    out.push("  shift words; (( CURRENT-- ))");
    out.push("  case $sub in");
    for (const s of c.subcommands) out.push(`    ${s.name}) ${fn}_${s.name.replace(/\W/g, "_")} ;;`);
    out.push("  esac");
    out.push("}");
    for (const s of c.subcommands) zshFunction(`${fn}_${s.name.replace(/\W/g, "_")}`, s, out);
    return;
  }
  out.push(`${fn}() {`);
  out.push(`  _arguments -s \\\n    ${zshArguments(c).join(" \\\n    ")}`);
  out.push("}");
}

export function zshCompletion(commands: readonly CompletionCommand[]): string {
  const fns: string[] = [];
  for (const c of commands) zshFunction(`_${PROGRAM}_${c.name.replace(/\W/g, "_")}`, c, fns);
  return `#compdef ${PROGRAM}
# zsh completion for ${PROGRAM}
# Install: ${PROGRAM} completion zsh > "\${fpath[1]}/_${PROGRAM}"   (then restart zsh)
#      or: echo 'source <(${PROGRAM} completion zsh)' >> ~/.zshrc
${fns.join("\n")}

_${PROGRAM}() {
  local -a commands
  commands=(
${commands.map((c) => `    '${c.name}:${zdesc(c.description)}'`).join("\n")}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands '${PROGRAM} command' commands
    _arguments '(- *)--help[show help]' '(- *)'{-V,--version}'[show the version]'
    return
  fi
  local cmd=\${words[2]}
  shift words; (( CURRENT-- ))
  case $cmd in
${commands.map((c) => `    ${c.name}) _${PROGRAM}_${c.name.replace(/\W/g, "_")} ;;`).join("\n")}
  esac
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _${PROGRAM} "$@"
else
  compdef _${PROGRAM} ${PROGRAM}
fi
`;
}
