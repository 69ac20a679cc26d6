// The `orrery` command-line client in shell samples: each command and each `--option` one that
// facts/facts.yaml `cli` lists (CONTRIBUTING, "The command-line client").
import type {Facts} from './facts.ts';
import type {Report} from './types.ts';

/**
 * `orrery` where a shell runs a command: at the start of a line (after a `$ ` prompt), or after
 * `|`, `;`, `&&`, `||`, `(`, `$(` or a backtick. Not `orrery-migrate`, a host name or a path.
 */
const COMMAND = /(^|[|;&(`]\s*|\$\(\s*)orrery(?=\s)([^|;&)`\n]*)/gm;

/**
 * Checks every `orrery …` command of a shell sample. `console` samples count only the lines after
 * a `$ ` prompt (the rest is output).
 */
export function checkCli(code: string, facts: Facts, report: Report, console = false): void {
  if (!code.includes('orrery')) return;
  // Continuation lines joined, so options on the next line belong to their command; a match's
  // line is where its command starts.
  const lines = code.split('\n');
  const logical: {text: string; line: number}[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const start = i;
    let text = lines[i] ?? '';
    while (text.endsWith('\\') && i + 1 < lines.length) {
      i += 1;
      text = `${text.slice(0, -1)} ${lines[i] ?? ''}`;
    }
    if (console) {
      const prompt = /^\s*\$ (.*)$/.exec(text);
      if (!prompt) continue;
      text = prompt[1] ?? '';
    } else {
      text = text.replace(/^\s*\$ /, '');
    }
    logical.push({text: text.replace(/(^|\s)#.*$/, ''), line: start + 1});
  }
  for (const {text, line} of logical) {
    for (const match of text.matchAll(COMMAND)) checkCommand((match[2] ?? '').trim(), facts, line, report);
  }
}

function checkCommand(rest: string, facts: Facts, line: number, report: Report): void {
  const words = rest.split(/\s+/).filter(Boolean);
  const [first = '', second = ''] = words;
  const two = `${first} ${second}`;
  // `orrery --version`: options of the client itself are listed under `orrery`.
  const command = first.startsWith('-')
    ? 'orrery'
    : facts.cli.has(two)
      ? two
      : facts.cli.has(first)
        ? first
        : undefined;
  if (!command) {
    const shown = /^[a-z]/.test(second) ? two : first;
    report(
      line,
      'name-cli',
      `"orrery ${shown}" is not a command of the CLI (facts/facts.yaml cli: ${[...facts.cli.keys()].join(', ')})`,
    );
    return;
  }
  const options = facts.cli.get(command) ?? new Set<string>();
  const shownCommand = command === 'orrery' ? '' : ` ${command}`;
  for (const word of words) {
    const option = /^(--[a-z][\w-]*)/.exec(word)?.[1];
    if (option && !options.has(option)) {
      const known = [...options].join(', ') || 'none';
      report(line, 'name-cli', `"orrery${shownCommand}" has no option ${option} (facts/facts.yaml cli: ${known})`);
    }
  }
}
