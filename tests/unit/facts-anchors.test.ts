import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

// Plan 42's anchor example is data in facts.yaml; this resolves every start the way Orrery does
// (planning/anchors: a start anchor adds the offset to the anchor's start, an end anchor to its
// start plus its declared duration) and checks the anchors page's tables, in the current docs and
// in 3.4.0, against the result.

interface Directive {
  type: string;
  anchor: 'plan' | number;
  edge: 'start' | 'end';
  offset: string;
  minutes: number | null;
}
interface Example {
  plan: number;
  directives: Record<string, Directive>;
  whatIfs: {move101Minutes: number; wideSlew101Minutes: number};
}
interface Plan {
  start: string;
  end: string;
}

const facts = parse(readFileSync(new URL('../../facts/facts.yaml', import.meta.url), 'utf8')) as {
  samples: {anchorExample: Example; plans: Record<string, Plan>};
};
const example = facts.samples.anchorExample;
const plan = facts.samples.plans[String(example.plan)];

const offsetMs = (offset: string): number => {
  const m = /^(-?)(\d+):(\d\d):(\d\d)$/.exec(offset);
  assert.ok(m, `offset ${offset} is not [-]HH:MM:SS`);
  return (m[1] === '-' ? -1 : 1) * ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000;
};

/** Resolved start times (ms) of every directive, with optional overrides of 101's offset or duration. */
function resolve(extra101Ms = 0, minutes101?: number): Map<string, number> {
  assert.ok(plan, `plan ${example.plan} is not in facts.yaml samples.plans`);
  const planStart = Date.parse(plan.start);
  const planEnd = Date.parse(plan.end);
  const starts = new Map<string, number>();
  const minutes = (id: string) =>
    id === '101' && minutes101 !== undefined ? minutes101 : example.directives[id]?.minutes;
  const startOf = (id: string, seen: Set<string>): number => {
    const known = starts.get(id);
    if (known !== undefined) return known;
    const d = example.directives[id];
    assert.ok(d, `directive ${id} is not in the anchor example`);
    assert.ok(!seen.has(id), `anchor cycle through ${id}`);
    seen.add(id);
    let base: number;
    if (d.anchor === 'plan') base = d.edge === 'start' ? planStart : planEnd;
    else {
      const anchor = String(d.anchor);
      base = startOf(anchor, seen);
      if (d.edge === 'end') {
        const m = minutes(anchor);
        assert.ok(m != null, `${id} is anchored to the end of ${anchor}, whose duration is unknown before simulation`);
        base += m * 60_000;
      }
    }
    const start = base + offsetMs(d.offset) + (id === '101' ? extra101Ms : 0);
    starts.set(id, start);
    return start;
  };
  for (const id of Object.keys(example.directives)) startOf(id, new Set());
  return starts;
}

/** `2026-300T02:15:00Z` for an instant. */
function dayOfYear(ms: number): string {
  const t = new Date(ms);
  const day =
    Math.round(
      (Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) - Date.UTC(t.getUTCFullYear(), 0, 1)) / 86_400_000,
    ) + 1;
  return `${t.getUTCFullYear()}-${String(day).padStart(3, '0')}T${t.toISOString().slice(11, 19)}Z`;
}

for (const file of ['docs/planning/anchors.md', 'versioned_docs/version-3.4.0/planning/anchors.md']) {
  test(`${file}: the worked example's resolved starts follow from the anchors`, () => {
    const page = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    const starts = resolve();
    const moved = resolve(example.whatIfs.move101Minutes * 60_000);
    const wide = resolve(0, example.whatIfs.wideSlew101Minutes);
    const at = (starts: Map<string, number>, id: string): string => {
      const ms = starts.get(id);
      assert.ok(ms !== undefined, `no start resolved for ${id}`);
      return dayOfYear(ms);
    };
    for (const [id, d] of Object.entries(example.directives)) {
      const start = at(starts, id);
      const row = new RegExp(`^\\| ${id} \\| [^|]+\\| [^|]+\\| \`${d.offset}\` \\| [^|]*\\| \`${start}\` \\|$`, 'm');
      assert.match(
        page,
        row,
        `${file}: the worked example's row for ${id} should resolve to ${start} with offset ${d.offset}`,
      );
      const [later, wider] = [at(moved, id), at(wide, id)];
      const whatIf = new RegExp(`^\\| ${id} \\| \`${later}\`[^|]*\\| \`${wider}\`[^|]*\\|$`, 'm');
      assert.match(page, whatIf, `${file}: the what-if row for ${id} should read ${later} and ${wider}`);
    }
  });
}
