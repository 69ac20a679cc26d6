import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

// facts.yaml states dataset 311's budget (the loads of plan 42's week) beside the values the pages
// quote; this recomputes the values from the loads and the model's facts, so an edit to one side
// alone fails here instead of on a reader's calculator.

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
interface Param {
  default: number;
}

const facts = parse(readFileSync(new URL('../../facts/facts.yaml', import.meta.url), 'utf8')) as {
  models: {kestrel: {configuration: Record<string, Param>}};
  samples: {simulationDatasets: Record<string, {budget?: Budget}>};
};
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
  const page = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const quotes: [string, string][] = [
    ['docs/planning/advanced-incons.md', `"battery.soc": ${r.batterySocEnd.toFixed(1)}`],
    ['docs/planning/advanced-incons.md', `"instrument.temp_c": ${r.instrumentTempEnd.toFixed(1)}`],
    ['docs/mission-modeling/advanced-incons.md', `"battery.soc": ${r.batterySocEnd.toFixed(1)}`],
    ['docs/mission-modeling/advanced-incons.md', `"instrument.temp_c": ${r.instrumentTempEnd.toFixed(1)}`],
    ['docs/scheduling-and-constraints/procedural/running-externally.md', `${r.batterySocBeforeLast.toFixed(2)} %`],
    ['docs/scheduling-and-constraints/procedural/running-externally.md', `${r.batterySocEnd.toFixed(1)} %`],
  ];
  for (const [file, text] of quotes) assert.ok(page(file).includes(text), `${file} does not quote ${text}`);
});
