import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

// The example mission's worked examples are data in facts.yaml (CONTRIBUTING, "Example mission used
// across pages"). These tests recompute what the pages quote from that data, so an edit to the page
// or to the facts alone fails here instead of on a reader's calculator.

/** A file of the repository, by its path from the root. */
const repoFile = (file: string): string => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const facts = parse(repoFile('facts/facts.yaml')) as {
  models: {kestrel: {configuration: Record<string, {default: number}>}};
  samples: {
    anchorExample: AnchorExample;
    plans: Record<string, {start: string; end: string}>;
    simulationDatasets: Record<string, {budget?: Budget}>;
  };
};

// Dataset 311's budget: the loads of plan 42's week, recomputed into the battery, temperature,
// image and recorder values the pages quote.

interface Load {
  what: string;
  watts: number;
  seconds: number;
  heaterSeconds?: number;
  downlinkBits?: number;
  last?: boolean;
}
interface Budget {
  loads: Load[];
  images: {RAW: number; COMPRESSED: number};
  heaterWarmingCPerMinute: number;
  results: {
    batterySocBeforeLast: number;
    batterySocEnd: number;
    instrumentTempEnd: number;
    imagesTaken: number;
    recorderFillEndBits: number;
  };
}
const config = facts.models.kestrel.configuration;
const budget = facts.samples.simulationDatasets['311']?.budget;

/** Percent of the battery one joule is, with the model's default capacity. */
const percentPerJoule = () => 100 / ((config.batteryCapacityWh?.default ?? NaN) * 3600);
const near = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: facts.yaml says ${expected}, the loads give ${actual}`);

test('dataset 311: the battery values follow from the loads (no charging)', () => {
  assert.ok(budget, 'facts.yaml samples.simulationDatasets.311.budget is missing');
  const start = config.initialBatterySoc?.default ?? NaN;
  const joules = (loads: Load[]) => loads.reduce((sum, load) => sum + load.watts * load.seconds, 0);
  const before = budget.loads.filter((load) => !load.last);
  assert.equal(budget.loads.filter((load) => load.last).length, 1, 'exactly one load is marked last');
  near(
    start - joules(before) * percentPerJoule(),
    budget.results.batterySocBeforeLast,
    0.005,
    'battery.soc before the last load',
  );
  near(start - joules(budget.loads) * percentPerJoule(), budget.results.batterySocEnd, 0.05, 'battery.soc at the end');
});

test('dataset 311: the heater load and the temperature agree with the model', () => {
  assert.ok(budget);
  const heaterW = config.heaterPowerW?.default ?? NaN;
  const heaterSeconds = budget.loads.reduce((sum, load) => sum + (load.heaterSeconds ?? 0), 0);
  for (const load of budget.loads.filter((l) => l.heaterSeconds !== undefined)) {
    assert.equal(load.watts, heaterW, `${load.what}: a heater load is heaterPowerW`);
  }
  // instrument.temp_c starts at -5.0 °C and only the heater changes it (mission-modeling/resources-and-models).
  near(
    -5 + (heaterSeconds / 60) * budget.heaterWarmingCPerMinute,
    budget.results.instrumentTempEnd,
    0.05,
    'instrument.temp_c at the end',
  );
});

test('dataset 311: images and recorder fill add up', () => {
  assert.ok(budget);
  const images = budget.images.RAW + budget.images.COMPRESSED;
  assert.equal(images, budget.results.imagesTaken, 'RAW + COMPRESSED images');
  const exposures = budget.loads.find((load) => load.watts === 18);
  assert.ok(exposures, 'the IMAGING load (18 W) is listed');
  near(exposures.seconds, images * 0.25, 1e-9, 'IMAGING seconds for 0.25 s exposures');
  const downlinked = budget.loads.reduce((sum, load) => sum + (load.downlinkBits ?? 0), 0);
  const stored = budget.images.RAW * 64e6 + budget.images.COMPRESSED * 16e6; // ImageMode: 64 and 16 Mbit
  near(stored - downlinked, budget.results.recorderFillEndBits, 1, 'recorder.fill_bits at the end');
  assert.ok(
    budget.results.recorderFillEndBits <= (config.recorderCapacityBits?.default ?? NaN),
    'the recorder never overflows',
  );
});

test('dataset 311: the pages that quote the end state quote the facts', () => {
  assert.ok(budget);
  const r = budget.results;
  const quotes: [string, string][] = [
    ['docs/planning/advanced-incons.md', `"battery.soc": ${r.batterySocEnd.toFixed(1)}`],
    ['docs/planning/advanced-incons.md', `"instrument.temp_c": ${r.instrumentTempEnd.toFixed(1)}`],
    ['docs/mission-modeling/advanced-incons.md', `"battery.soc": ${r.batterySocEnd.toFixed(1)}`],
    ['docs/mission-modeling/advanced-incons.md', `"instrument.temp_c": ${r.instrumentTempEnd.toFixed(1)}`],
    ['docs/scheduling-and-constraints/procedural/running-externally.md', `${r.batterySocBeforeLast.toFixed(2)} %`],
    ['docs/scheduling-and-constraints/procedural/running-externally.md', `${r.batterySocEnd.toFixed(1)} %`],
  ];
  for (const [file, text] of quotes) assert.ok(repoFile(file).includes(text), `${file} does not quote ${text}`);
});

// Plan 42's anchor example: every start resolved the way Orrery does (planning/anchors: a start
// anchor adds the offset to the anchor's start, an end anchor to its start plus its declared
// duration), checked against the anchors page's tables in the current docs and in 3.4.0.

interface Directive {
  type: string;
  anchor: 'plan' | number;
  edge: 'start' | 'end';
  offset: string;
  minutes: number | null;
}
interface AnchorExample {
  plan: number;
  directives: Record<string, Directive>;
  whatIfs: {move101Minutes: number; wideSlew101Minutes: number};
}
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
    const page = repoFile(file);
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
