// The code-sample checker (scripts/check-samples/): each rule fails on a
// deliberately broken sample and passes a valid one; `fragment` blocks skip
// parsing but keep their name checks.
// cspell:words ilike colour frobnicate
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {checkBlocks} from '../../scripts/check-samples/check.ts';
import {extractBlocks} from '../../scripts/check-samples/extract.ts';
import {factsFromYaml, loadFacts} from '../../scripts/check-samples/facts.ts';
import {nginxAvailable} from '../../scripts/check-samples/nginx.ts';
import {checkXml} from '../../scripts/check-samples/xml.ts';
import type {Problem} from '../../scripts/check-samples/types.ts';

// A small model of our own, so the tests do not move when the example mission changes; the API is the real one.
const facts = {
  ...factsFromYaml(`
orreryVersion: 3.5.0
models:
  demo:
    package: dev.orrery.example.demo
    activityTypes:
      TakeImage: {parameters: {exposureSeconds: {}, imageCount: {}}}
      HeaterOn: {parameters: {}}
    resources: {battery.soc: {}, camera.mode: {}}
statuses:
  job: [pending, running, success, failed, canceled]
  directiveValidation: [pending, valid, invalid]
  mergeRequest: [pending, in-progress, accepted, rejected, withdrawn]
  sequenceActionRun: [pending, running, succeeded, failed, canceled]
java:
  dev.orrery.procedural: [Goal, Constraint]
  dev.orrery.procedural.plan: [Plan, Violations, NewDirective]
`),
  api: loadFacts().api,
};

const fence = (lang: string, code: string, meta = '') => `\`\`\`${lang}${meta ? ` ${meta}` : ''}\n${code}\n\`\`\`\n`;

async function problems(markdown: string): Promise<Problem[]> {
  return (await checkBlocks(extractBlocks('page.md', markdown), {facts})).problems;
}

async function rules(markdown: string): Promise<string[]> {
  return (await problems(markdown)).map((p) => p.rule);
}

async function passes(lang: string, code: string, meta = '') {
  assert.deepEqual(await problems(fence(lang, code, meta)), [], `expected ${lang} sample to pass`);
}

async function fails(lang: string, code: string, rule: string, meta = '') {
  const found = await rules(fence(lang, code, meta));
  assert.ok(found.includes(rule), `expected [${rule}] for ${lang} sample, got [${found.join(', ')}]`);
}

test('blocks are found in MDX tabs, list items, four-backtick fences, with title and meta words', () => {
  const md = [
    '---',
    'title: x',
    '---',
    '<Tabs>',
    '<TabItem value="a">',
    '',
    '```json title="a.json"',
    '{"a": 1}',
    '```',
    '',
    '</TabItem>',
    '</Tabs>',
    '',
    '1. Step:',
    '',
    '   ```bash',
    '   echo "$HOME"',
    '   ```',
    '',
    '````markdown',
    '```java',
    'inside',
    '```',
    '````',
    '',
    '```java fragment title="A.java" {2}',
    'x',
    '```',
  ].join('\n');
  const blocks = extractBlocks('p.mdx', md);
  assert.deepEqual(
    blocks.map((b) => [b.line, b.lang, b.metaWords.join(' ')]),
    [
      [7, 'json', ''],
      [16, 'bash', ''],
      [20, 'markdown', ''],
      [26, 'java', 'fragment'],
    ],
  );
  assert.equal(blocks[1]?.code, 'echo "$HOME"');
  assert.equal(blocks[2]?.code, '```java\ninside\n```');
});

test('a problem names the file and the line inside the page', async () => {
  const found = await problems(`# Title\n\nText.\n\n${fence('json', '{\n  "a": 1,\n}')}`);
  assert.equal(found.length, 1);
  assert.equal(found[0]?.file, 'page.md');
  assert.equal(found[0]?.rule, 'parse-json');
  assert.equal(found[0]?.line, 8);
});

test('json: strict JSON only', async () => {
  await passes('json', '{"type": "TakeImage", "start_offset": "01:00:00", "arguments": {"imageCount": 4}}');
  await fails('json', '{"a": 1,}', 'parse-json');
  await fails('json', '// comment\n{"a": 1}', 'parse-json');
});

test('yaml: every document parses', async () => {
  await passes('yaml', 'a: 1\n---\nb: [1, 2]');
  await fails('yaml', 'a: 1\n---\nb: [1, 2', 'parse-yaml');
  await fails('yaml', 'a:\n  b: 1\n c: 2', 'parse-yaml');
});

test('graphql: syntax, then fields, arguments and input fields against the API', async () => {
  await passes(
    'graphql',
    `query Plans($limit: Int!) {
  plan(where: {name: {_ilike: "%week%"}, mission_model: {name: {_eq: "kestrel"}}}, order_by: {start_time: desc}, limit: $limit) {
    id name activity_directives(where: {type: {_eq: "TakeImage"}}) { id arguments }
    activity_directives_aggregate { aggregate { count } }
  }
}`,
  );
  await passes(
    'graphql',
    `mutation Move($id: Int!, $offset: interval!) {
  update_activity_directive_by_pk(pk_columns: {id: $id, plan_id: 42}, _set: {start_offset: $offset}) { id start_offset }
  insert_tags(objects: [{name: "imaging", color: "#FF0000"}], on_conflict: {constraint: tags_name_key, update_columns: [color]}) { affected_rows returning { id } }
  simulate(planId: 42) { simulationDatasetId status }
}`,
  );
  await fails('graphql', 'query { plan { id ', 'parse-graphql');
  await fails('graphql', 'query { plan { id colour } }', 'api-graphql');
  await fails('graphql', 'query { plan(where: {colour: {_eq: 1}}) { id } }', 'api-graphql');
  await fails('graphql', 'query { plans { id } }', 'api-graphql');
  await fails('graphql', 'mutation { simulate { status } }', 'api-graphql');
  await fails('graphql', 'mutation { simulate(planId: 42) { datasetId } }', 'api-graphql');
  await fails('graphql', 'query { plan { mission_model } }', 'api-graphql');
  await fails('graphql', 'query Q { plan_by_pk(id: $id) { id } }', 'api-graphql');
});

test('graphql: activity types, arguments and status words it states', async () => {
  await fails(
    'graphql',
    'mutation { insert_activity_directive_one(object: {plan_id: 42, type: "Slew", start_offset: "1h"}) { id } }',
    'name-type',
  );
  await fails(
    'graphql',
    'mutation { insert_activity_directive_one(object: {plan_id: 42, type: "TakeImage", arguments: {exposure_ms: 5}}) { id } }',
    'name-argument',
  );
  await fails('graphql', 'query { simulation_dataset(where: {status: {_eq: "complete"}}) { id } }', 'name-status');
});

test("graphql and JSON: a status word is one of its table's statuses", async () => {
  // "succeeded" is a status (of sequence action runs), not one of a simulation dataset's.
  await passes('graphql', 'query { sequence_action_run(where: {status: {_eq: "succeeded"}}) { id } }');
  await fails('graphql', 'query { simulation_dataset(where: {status: {_eq: "succeeded"}}) { id } }', 'name-status');
  await fails(
    'graphql',
    'query { simulation_dataset(where: {status: {_in: ["success", "accepted"]}}) { id } }',
    'name-status',
  );
  // Through a relationship: the validations of a directive hold valid/invalid/pending.
  await passes('graphql', 'query { activity_directive(where: {validation: {status: {_eq: "invalid"}}}) { id } }');
  await fails(
    'graphql',
    'query { activity_directive(where: {validation: {status: {_eq: "failed"}}}) { id } }',
    'name-status',
  );
  await fails(
    'graphql',
    'query { merge_request_aggregate(where: {_and: [{status: {_eq: "success"}}]}) { aggregate { count } } }',
    'name-status',
  );
  await passes('json', '{"data": {"merge_request": [{"id": 3, "status": "accepted"}]}}');
  await fails('json', '{"data": {"merge_request": [{"id": 3, "status": "success"}]}}', 'name-status');
  await fails('json', '{"data": {"simulation_dataset_by_pk": {"status": "succeeded"}}}', 'name-status');
  // Outside any table, any status word passes.
  await passes('json', '{"run": {"status": "succeeded"}}');
});

test('a table status set must exist and the table must have a status column', () => {
  const table = (extra: string) => `
statuses:
  job: [pending]
api:
  tables:
    t:
      columns: [id, status]
${extra}`;
  assert.throws(() => factsFromYaml(table('      status: jobs')), /api\.tables\.t\.status names "jobs"/);
  assert.throws(
    () => factsFromYaml(table('      status: job').replace('[id, status]', '[id]')),
    /api\.tables\.t has a status set but no status column/,
  );
  assert.equal(factsFromYaml(table('      status: job')).api.tables.t?.status, 'job');
});

test('typescript and javascript: syntax, activity types, template arguments, resources', async () => {
  await passes(
    'typescript',
    `export default (): Goal =>
  Goal.ActivityRecurrenceGoal({
    activityTemplate: ActivityTemplates.TakeImage({exposureSeconds: 0.2, imageCount: 2}),
    interval: Temporal.Duration.from({hours: 6}),
  }).applyWhen(Real.Resource("battery.soc").greaterThan(30));`,
  );
  await fails('typescript', 'const x = ;', 'parse-ts');
  await fails('javascript', 'function f( {', 'parse-ts');
  await fails('typescript', 'const t = ActivityTemplates.Slew({});', 'name-type');
  await fails('typescript', 'const t = ActivityType.Slew;', 'name-type');
  await fails('typescript', 'const t = ActivityTemplates.TakeImage({exposureS: 1});', 'name-argument');
  await fails('typescript', 'const r = Discrete.Resource("camera.state");', 'name-resource');
  await fails('typescript', 'const q = gql(`query { plan { colour } }`);', 'api-graphql');
});

test('java: compilation unit, class body or method body; names and imports', async () => {
  await passes('java', 'package dev.orrery.example.demo;\nimport dev.orrery.procedural.plan.Plan;\npublic class A {}');
  await passes('java', 'public int twice(int x) {\n  return 2 * x;\n}');
  await passes('java', 'var x = 1;\nSystem.out.println(x);');
  await fails('java', 'public class A { void f() { int x = ; } }', 'parse-java');
  await fails('java', 'import dev.orrery.procedural.Violations;', 'name-import');
  await fails('java', 'import dev.orrery.nothing.Here;', 'name-import');
  await passes('java', 'import dev.orrery.example.demo.activities.TakeImage;');
  await fails('java', '@ActivityType("Slew")\npublic final class Slew {}', 'name-type');
  await fails(
    'java',
    'plan.create(NewDirective.of("TakeImage").at(t).arg("exposure", 1).named("x"));',
    'name-argument',
  );
  await passes('java', 'plan.create(NewDirective.of("TakeImage")\n    .at(t)\n    .arg("imageCount", 2));');
  await fails('java', 'var soc = results.real("battery.fraction");', 'name-resource');
});

test('kotlin: not parsed, names still checked', async () => {
  await passes('kotlin', 'import dev.orrery.procedural.Goal\nval x = {');
  await fails('kotlin', 'import dev.orrery.procedural.Plan', 'name-import');
});

test('bash: bash -n', async () => {
  await passes('bash', 'for f in *.md; do\n  echo "$f"\ndone\ncat <<EOF\nx\nEOF');
  await fails('bash', 'if true; then\n  echo x\n', 'parse-bash');
  await fails('bash', 'echo "unclosed', 'parse-bash');
});

test('sql: PostgreSQL parser', async () => {
  await passes('sql', 'SELECT id, name FROM merlin.plan WHERE id = 42;\nBEGIN; COMMIT;');
  await fails('sql', 'SELECT FROM WHERE;', 'parse-sql');
});

test('handlebars, python, xml, properties', async () => {
  await passes('handlebars', '{{#each commands}}{{stem}} {{formatTime start}}\n{{/each}}');
  await fails('handlebars', '{{#each commands}}{{stem}}', 'parse-handlebars');
  await passes('python', 'import sys\nprint(sys.argv)');
  await fails('python', 'def f(:\n  pass', 'parse-python');
  await passes('xml', '<?xml version="1.0"?>\n<a x="1"><b/><!-- c --><c>t &amp; u</c></a>');
  await fails('xml', '<a><b></a>', 'parse-xml');
  assert.equal(checkXml('<a x=1></a>')?.line, 1);
  await passes('properties', '# comment\nORRERY_DB_USER=orrery\nexport A=b\nkey = value');
  await fails('properties', 'ORRERY_DB_USER orrery', 'parse-properties');
});

test('nginx: nginx -t on the snippet in the context it needs', {skip: !nginxAvailable()}, async () => {
  await passes(
    'nginx',
    'location /v1/graphql {\n  proxy_pass http://hasura:8080/v1/graphql;\n  proxy_set_header Upgrade $http_upgrade;\n}',
  );
  await passes(
    'nginx',
    'limit_req_zone $binary_remote_addr zone=api:10m rate=600r/m;\nserver {\n  listen 443 ssl;\n  ssl_certificate /etc/ssl/x.pem;\n  ssl_certificate_key /etc/ssl/x.key;\n}',
  );
  await fails('nginx', 'location / {\n  proxy_pass http://ui:80\n}', 'parse-nginx');
  await fails('nginx', 'location / {\n  frobnicate on;\n}', 'parse-nginx');
});

test('status words in JSON answers', async () => {
  await passes('json', '{"data": {"simulation_dataset_by_pk": {"status": "success"}}}');
  await fails('json', '{"data": {"simulation_dataset_by_pk": {"status": "complete"}}}', 'name-status');
});

test('a fragment skips parsing and completeness, not the names it states', async () => {
  await passes('java', 'public Mission(Registrar registrar)\n', 'fragment');
  await fails('java', 'public Mission(Registrar r)\nplan.create(NewDirective.of("Slew"));', 'name-type', 'fragment');
  await passes('json', '"arguments": {"imageCount": 2},', 'fragment');
  await fails(
    'json',
    '"type": "TakeImage", "start_offset": "1h", "arguments": {"count": 2},',
    'name-argument',
    'fragment',
  );
  await passes('graphql', 'plan_by_pk { id name }', 'fragment');
  await fails('graphql', 'plan { id colour }', 'api-graphql', 'fragment');
  await passes('typescript', 'activityTemplate: ActivityTemplates.TakeImage({imageCount: 2}),', 'fragment');
  await fails('typescript', 'activityTemplate: ActivityTemplates.Slew({}),', 'name-type', 'fragment');
});

test('a sample of an older release is not held to the current API', async () => {
  const old = 'mutation {\n  insert_constraint_one(object: {name: "x"}) { id }\n}';
  assert.deepEqual(await rules(`Before (2.0.0):\n\n${fence('graphql', old)}`), []);
  assert.deepEqual(await rules(fence('graphql', old, 'title="After (2.0.0)"')), []);
  assert.deepEqual(await rules(fence('graphql', old, 'title="After (3.5.0)"')), ['api-graphql']);
  // The example mission is the same in every release.
  assert.deepEqual(await rules(`Before (2.0.0):\n\n${fence('json', '{"type": "Slew", "arguments": {}}')}`), [
    'name-type',
  ]);
});

test('an invalid-on-purpose sample must parse, its names are not checked', async () => {
  const wrong =
    'mutation { insert_activity_directive_one(object: {type: "TakeImage", arguments: {exposure: 1}}) { id } }';
  assert.deepEqual(await rules(fence('graphql', wrong, 'invalid')), []);
  assert.deepEqual(await rules(fence('graphql', 'mutation {', 'invalid')), ['parse-graphql']);
});

test('java and kotlin: calls on the classes of javaMethods name their methods, through stated types and chains', async () => {
  const methodFacts = {
    ...facts,
    javaMethods: factsFromYaml(`
java:
  dev.orrery.procedural.plan: [Plan, EditablePlan, SimulationResults]
  dev.orrery.testing: [ModelTestHarness, TestResults]
javaMethods:
  Plan: {methods: [totalBounds, directives]}
  EditablePlan: {extends: Plan, methods: [create, simulate, commit], returns: {simulate: SimulationResults}}
  SimulationResults: {methods: [real, instances]}
  ModelTestHarness: {methods: [of, schedule, simulate], returns: {of: ModelTestHarness, schedule: ModelTestHarness, simulate: TestResults}}
  TestResults: {methods: [discrete, spans]}
`).javaMethods,
  };
  const found = async (lang: string, code: string) =>
    (await checkBlocks(extractBlocks('page.md', fence(lang, code)), {facts: methodFacts})).problems;
  const ok = async (lang: string, code: string) => assert.deepEqual(await found(lang, code), [], code);
  const bad = async (lang: string, code: string, line: number, method: string) => {
    const p = await found(lang, code);
    assert.deepEqual(
      p.map((x) => [x.rule, x.line - 1]),
      [['name-method', line]],
      `${code}\n${JSON.stringify(p)}`,
    );
    assert.match(p[0]?.message ?? '', new RegExp(`^${method}\\(\\) is not a method of \\w+`));
  };
  const run = (body: string) => `public void run(EditablePlan plan) {\n${body}\n}`;
  // Stated types, the class a method returns, the class extended, Object's methods.
  await ok(
    'java',
    run(
      '  var results = plan.simulate();\n  results.real("battery.soc");\n  plan.totalBounds();\n  plan.commit();\n  plan.toString();',
    ),
  );
  await bad('java', run('  plan.createDirective(x);'), 2, 'createDirective');
  await bad(
    'java',
    run('  final var results = plan.simulate();\n  results.discrete("battery.soc", Double.class);'),
    3,
    'discrete',
  );
  // A chain across lines on the class itself (static), and what it returns.
  await ok(
    'java',
    'final var results = ModelTestHarness.of(Mission.class)\n    .schedule(Duration.ZERO, new HeaterOn())\n    .simulate(Duration.HOUR);\nresults.discrete("camera.mode", String.class);\nresults.spans("HeaterOn");',
  );
  await bad(
    'java',
    'final var results = ModelTestHarness.of(Mission.class)\n    .schedule(Duration.ZERO, x)\n    .run(Duration.HOUR);',
    3,
    'run',
  );
  await bad(
    'java',
    'var harness = ModelTestHarness.of(Mission.class);\nharness.simulate(Duration.HOUR).real("battery.soc");',
    2,
    'real',
  );
  // Kotlin's stated types.
  await ok(
    'kotlin',
    'fun run(plan: EditablePlan) {\n  plan.commit()\n  val results = plan.simulate()\n  results.instances()\n}',
  );
  await bad(
    'kotlin',
    'fun run(plan: EditablePlan) {\n  val results = plan.simulate()\n  results.spans("HeaterOn")\n}',
    3,
    'spans',
  );
  // Text in strings is not code; a variable of unknown type is not checked.
  await ok('java', run('  System.out.println("plan.undo() is not called");'));
  await ok('java', 'var results = harness.run();\nresults.anything();');
  // A sample of an older release is not held to the current methods.
  const older = `Before (3.0.0):\n\n${fence('java', run('  plan.createDirective(x);'))}`;
  assert.deepEqual((await checkBlocks(extractBlocks('page.md', older), {facts: methodFacts})).problems, []);
  // The facts themselves: an unknown class to extend or return, a class in no package.
  const facts2 = (methods: string) => () => factsFromYaml(`java:\n  p: [A, B]\njavaMethods:\n${methods}`);
  assert.throws(facts2('  A: {extends: C, methods: [x]}'), /extends "C", which is not listed/);
  assert.throws(facts2('  A: {methods: [x], returns: {x: C}}'), /returns "C", which is not listed/);
  assert.throws(
    facts2('  A: {methods: [x], returns: {y: B}}\n  B: {methods: [z]}'),
    /returns from y, not a method of it/,
  );
  assert.throws(facts2('  D: {methods: [x]}'), /D is in no package/);
});

test('java: signatures (argument count and the types a call shows), constants, interfaces, and a class two packages share', async () => {
  const own = factsFromYaml(`
java:
  dev.orrery.modeling.time: [Duration]
  dev.orrery.timelines: [Duration]
  dev.orrery.modeling.resources: [DiscreteResource, Condition]
javaMethods:
  Duration:
    package: dev.orrery.modeling.time
    constants: [ZERO, MINUTE, HOUR]
    methods: [of, times, plus]
    signatures:
      - static Duration of(long amount, Duration unit)
      - Duration times(long factor)
      - Duration plus(Duration other)
  Condition: {methods: [and]}
  DiscreteResource:
    interface: true
    methods: [get, isEqualTo]
    signatures:
      - T get()
      - default Condition isEqualTo(T value)
`);
  const sigFacts = {
    ...facts,
    javaPackages: own.javaPackages,
    javaMethods: own.javaMethods,
    javaMethodVariants: own.javaMethodVariants,
  };
  const found = async (code: string, file = 'page.md', before = '') =>
    (await checkBlocks(extractBlocks(file, `${before}${fence('java', code)}`), {facts: sigFacts})).problems;
  const ok = async (code: string, before = '') => assert.deepEqual(await found(code, 'page.md', before), [], code);
  const bad = async (code: string, message: RegExp, before = '') => {
    const p = await found(code, 'page.md', before);
    assert.deepEqual(
      p.map((x) => x.rule),
      ['name-method'],
      `${code}\n${JSON.stringify(p)}`,
    );
    assert.match(p[0]?.message ?? '', message);
  };
  const time = 'import dev.orrery.modeling.time.Duration;\n';
  // Signatures: the count, and what literals, casts and stated variables show; an int widens to long.
  await ok(
    `${time}class A {\n  void f(int hours) {\n    var d = Duration.of(30, Duration.MINUTE).plus(Duration.HOUR.times(hours));\n    Duration.HOUR.times(2L);\n  }\n}`,
  );
  await bad(
    `${time}class A {\n  void f() {\n    Duration.of(30);\n  }\n}`,
    /^of\(int\) fits no signature of Duration\.of/,
  );
  await bad(
    `${time}class A {\n  void f() {\n    Duration.MINUTE.times(0.75);\n  }\n}`,
    /^times\(double\) fits no signature/,
  );
  await bad(
    `${time}class A {\n  void f(double hours) {\n    Duration.HOUR.times(hours);\n  }\n}`,
    /^times\(double\) fits no signature/,
  );
  // A variable takes the type of its nearest declaration before the use, not the block's last one.
  await ok(
    `${time}class A {\n  void f(double hours) {}\n  void g(long hours) {\n    Duration.HOUR.times(hours);\n  }\n}`,
  );
  // Constants: any other upper-case name after the class is reported.
  await bad(`${time}class A {\n  Duration d = Duration.MINUIT;\n}`, /^MINUIT is not a constant of Duration/);
  // A class that implements the interface declares its abstract methods; default ones it may leave.
  const res = 'import dev.orrery.modeling.resources.DiscreteResource;\n';
  await ok(
    `${res}public final class Switch implements DiscreteResource<String> {\n  public String get() { return "on"; }\n}`,
  );
  await bad(
    `${res}public final class Switch implements DiscreteResource<String> {\n  public String read() { return "on"; }\n}`,
    /^class Switch implements DiscreteResource without its abstract get\(\)/,
  );
  // Two packages have a Duration: the block is held to the listed one only when it (or its page) imports it.
  const timelines = 'import dev.orrery.timelines.Duration;\n';
  await ok(`${timelines}class A {\n  void f() {\n    Duration.of(30);\n    Duration.MINUIT.minus(x);\n  }\n}`);
  await ok('class A {\n  void f() {\n    Duration.of(30);\n  }\n}');
  await bad(
    'class A {\n  void f() {\n    Duration.of(30);\n  }\n}',
    /fits no signature/,
    fence('java', `${time}class B {}`),
  );
  // The block names another class of one of the two libraries (and no import says which).
  await ok('class A {\n  void f(Windows w) {\n    Duration.of(30);\n  }\n}');
  // The facts themselves.
  const facts3 = (yaml: string) => () => factsFromYaml(yaml);
  const two = 'java:\n  p: [D]\n  q: [D]\njavaMethods:\n';
  assert.throws(facts3(`${two}  D: {methods: [x]}`), /javaMethods D needs a package: p and q both have one/);
  assert.throws(facts3(`${two}  D: {package: r, methods: [x]}`), /D\.package is "r", which `java` does not give it/);
  assert.throws(
    facts3('java:\n  p: [D]\njavaMethods:\n  D: {methods: [x], signatures: ["void y()"]}'),
    /signature "void y\(\)" is of no method it lists/,
  );
  assert.throws(
    facts3('java:\n  p: [D]\njavaMethods:\n  D: {methods: [x], signatures: ["x"]}'),
    /cannot read the signature "x"/,
  );
});

test("java: two packages' classes of one name, each with an entry: a block is held to the one it means", async () => {
  const own = factsFromYaml(`
java:
  dev.orrery.modeling.time: [Duration]
  dev.orrery.timelines: [Duration, Windows]
javaMethods:
  Duration:
    package: dev.orrery.modeling.time
    constants: [ZERO, HOUR]
    methods: [plus, longerThan]
    signatures:
      - Duration plus(Duration other)
      - boolean longerThan(Duration other)
  dev.orrery.timelines.Duration:
    constants: [ZERO, HOUR, MAX]
    methods: [plus, isLongerThan]
    signatures:
      - Duration plus(Duration other)
      - boolean isLongerThan(Duration other)
`);
  assert.deepEqual([...own.javaMethods.keys()], []);
  assert.deepEqual(
    own.javaMethodVariants.get('Duration')?.map((c) => c.package),
    ['dev.orrery.modeling.time', 'dev.orrery.timelines'],
  );
  const twoFacts = {
    ...facts,
    javaPackages: own.javaPackages,
    javaMethods: own.javaMethods,
    javaMethodVariants: own.javaMethodVariants,
  };
  const found = async (code: string) =>
    (await checkBlocks(extractBlocks('page.md', fence('java', code)), {facts: twoFacts})).problems.map(
      (p) => p.message,
    );
  const modeling = 'import dev.orrery.modeling.time.Duration;\n';
  const timelines = 'import dev.orrery.timelines.Duration;\n';
  const use = (calls: string) => `class A {\n  void f(Duration d) {\n${calls}\n  }\n}`;
  // Each import holds the block to its own class: its methods, constants and signatures.
  assert.deepEqual(await found(`${modeling}${use('    d.longerThan(Duration.HOUR.plus(d));')}`), []);
  assert.deepEqual(await found(`${timelines}${use('    d.isLongerThan(Duration.MAX);')}`), []);
  assert.deepEqual(await found(`${modeling}${use('    d.isLongerThan(Duration.MAX);')}`), [
    'isLongerThan() is not a method of Duration (facts/facts.yaml javaMethods: plus, longerThan)',
    'MAX is not a constant of Duration (facts/facts.yaml javaMethods: ZERO, HOUR)',
  ]);
  assert.deepEqual(await found(`${timelines}${use('    d.longerThan(Duration.HOUR);')}`), [
    'longerThan() is not a method of Duration (facts/facts.yaml javaMethods: plus, isLongerThan)',
  ]);
  // Without an import, a class only one library has shows which (Windows is the timelines library's).
  assert.deepEqual(await found(use('    Windows w = null;\n    d.longerThan(Duration.HOUR);')), [
    'longerThan() is not a method of Duration (facts/facts.yaml javaMethods: plus, isLongerThan)',
  ]);
  // Nothing shows which: neither is held.
  assert.deepEqual(await found(use('    d.anything(Duration.ANY);')), []);
  // The facts: a key's package must have the class, and must agree with a `package` beside it.
  const keyed = (entry: string) => () =>
    factsFromYaml(`java:\n  p: [D]\n  q: [D]\njavaMethods:\n  p.D: {methods: [x]}\n${entry}`);
  assert.throws(keyed('  r.D: {methods: [x]}'), /javaMethods r\.D\.package is "r", which `java` does not give it/);
  assert.throws(keyed('  q.D: {package: p, methods: [x]}'), /javaMethods q\.D has package "p" too/);
  assert.doesNotThrow(keyed('  q.D: {methods: [y]}'));
});
test("the docs of an earlier release are held to that release's API: what came later (since) is not there", async () => {
  const query =
    'query {\n  sequence_action_run(where: {status: {_eq: "succeeded"}}) {\n    id\n    sequence { name }\n  }\n}';
  const at = async (file: string, code: string) =>
    (await checkBlocks(extractBlocks(file, fence('graphql', code)), {facts})).problems.map((p) => p.rule);
  assert.deepEqual(await at('docs/sequencing/actions.md', query), []);
  assert.deepEqual(await at('versioned_docs/version-3.4.0/sequencing/actions.md', query), ['api-graphql']);
  // The table that existed then is there, without its relationship to a later one.
  const sequences = 'query {\n  user_sequence {\n    id\n    name\n  }\n}';
  assert.deepEqual(await at('versioned_docs/version-3.4.0/sequencing/editor.md', sequences), []);
  assert.deepEqual(
    await at(
      'versioned_docs/version-3.4.0/sequencing/editor.md',
      'query {\n  user_sequence {\n    action_runs { id }\n  }\n}',
    ),
    ['api-graphql'],
  );
  // Mutations too.
  const run = 'mutation {\n  runSequenceAction(actionId: 7, sequenceId: 318) {\n    runId\n  }\n}';
  assert.deepEqual(await at('docs/x.md', run), []);
  assert.deepEqual(await at('versioned_docs/version-3.4.0/x.md', run), ['api-graphql']);
  // A release later than the facts' is refused, as is a malformed one.
  assert.throws(
    () => factsFromYaml('orreryVersion: 3.5.0\napi:\n  tables:\n    t: {columns: [id], since: 3.6.0}'),
    /since must be a release x\.y\.z no later than 3\.5\.0/,
  );
  assert.throws(
    () => factsFromYaml('orreryVersion: 3.5.0\napi:\n  actions:\n    a: {kind: query, returns: [x], since: soon}'),
    /api\.actions\.a\.since/,
  );
});

test('graphql answers: the JSON answer after an operation holds exactly what it selects', async () => {
  const query = fence(
    'graphql',
    `query Plan($id: Int!) {
  plan_by_pk(id: $id) {
    id
    title: name
    activity_directives(order_by: {id: asc}) { id arguments }
  }
}`,
  );
  const variables = fence('json', '{ "id": 42 }');
  const answer = (directive: string, extra = '') =>
    fence(
      'json',
      `{ "data": { "plan_by_pk": { "id": 42, "title": "Kestrel week 18"${extra}, "activity_directives": [${directive}] } } }`,
    );
  // Aliases, JSON scalars holding objects, variables in between: all fine.
  assert.deepEqual(await problems(query + variables + answer('{ "id": 101, "arguments": { "target": "CERES" } }')), []);
  // A key the query does not select, at the top and inside a list.
  const extra = await problems(query + answer('{ "id": 101, "arguments": {} }', ', "name": "x"'));
  assert.deepEqual(
    extra.map((p) => [p.rule, p.message.includes('"data.plan_by_pk.name"')]),
    [['api-response', true]],
  );
  const nested = await problems(query + answer('{ "id": 101, "arguments": {}, "type": "TakeImage" }'));
  assert.ok(
    nested.some((p) => p.message.includes('"data.plan_by_pk.activity_directives[].type"')),
    JSON.stringify(nested),
  );
  // A selected field the answer lacks, unless the answer is marked `fragment`.
  const lacking = await problems(query + answer('{ "id": 101 }'));
  assert.ok(
    lacking.some((p) => p.message.includes('lacks "data.plan_by_pk.activity_directives[].arguments"')),
    JSON.stringify(lacking),
  );
  const cut = fence('json', '{ "data": { "plan_by_pk": { "id": 42 } } }', 'fragment');
  assert.deepEqual(await problems(query + cut), []);
  // A script between the operation and the answer ends the pairing (its own query may differ).
  assert.deepEqual(
    await problems(query + fence('typescript', 'const x = 1;') + answer('{ "id": 1 }', ', "name": "x"')),
    [],
  );
  // Named fragments are followed; inline fragments merge.
  const withFragment = fence(
    'graphql',
    `query { plan { ...Basics ... on plan { owner } } }
fragment Basics on plan { id name }`,
  );
  assert.deepEqual(
    await problems(withFragment + fence('json', '{ "data": { "plan": [{ "id": 1, "name": "a", "owner": "ana" }] } }')),
    [],
  );
  assert.ok(
    (
      await rules(
        withFragment +
          fence('json', '{ "data": { "plan": [{ "id": 1, "name": "a", "owner": "ana", "revision": 3 }] } }'),
      )
    ).includes('api-response'),
  );
});

test('typescript: static members of the eDSL namespaces are the ones facts.yaml lists (name-edsl)', async () => {
  const withEdsl = {
    ...facts,
    ...factsFromYaml(`
models: {demo: {activityTypes: {TakeImage: {parameters: {imageCount: {}}}}, resources: {camera.mode: {}}}}
edsl:
  Windows: [And, Or]
  Discrete: [Resource]
`),
    api: facts.api,
  };
  const run = async (code: string, meta = '') =>
    (await checkBlocks(extractBlocks('page.md', fence('typescript', code, meta)), {facts: withEdsl})).problems;
  assert.deepEqual(await run('export default () => Windows.Or(Discrete.Resource("camera.mode").equal("OFF"));'), []);
  const found = await run('export default () => Windows.During(ActivityType.TakeImage).not();');
  assert.deepEqual(
    found.map((p) => [p.rule, p.message.startsWith('Windows.During is not in the eDSL')]),
    [['name-edsl', true]],
  );
  // A sample of an older release ("Before (1.4.0)") may show a member that was removed since.
  assert.deepEqual(
    await run('export default () => Windows.During(ActivityType.TakeImage).not();', 'title="Before (1.4.0): old.ts"'),
    [],
  );
  // Namespaces facts.yaml does not list are not checked.
  assert.deepEqual(await run('const d = Intl.DateTimeFormat; console.log(Math.max(1, 2));'), []);
});

test('facts.yaml: an eDSL namespace must list its members', () => {
  assert.throws(() => factsFromYaml('edsl:\n  Windows: []\n'), /edsl\.Windows must list its static members/);
});

test("java: calls on the modeling library's typed resource fields name the members facts.yaml gives them", async () => {
  const real = loadFacts();
  const run = async (body: string) =>
    (
      await checkBlocks(
        extractBlocks(
          'page.md',
          fence(
            'java',
            `class M {\n  public final Register<Integer> r = Register.of(0);\n  public final Accumulator a = new Accumulator(0.0, 0.0);\n  void f() { ${body} }\n}`,
          ),
        ),
        {facts: real},
      )
    ).problems;
  // Own members, and those of the resource kind each extends.
  assert.deepEqual(
    await run('r.set(1); r.get(); r.map(x -> x); a.addRate(1.0); a.scaleBy(2.0); a.greaterThan(1.0);'),
    [],
  );
  // A Counter's method on a Register, a Register's on an Accumulator.
  const found = await run('r.increment(); a.set(3.0);');
  assert.deepEqual(
    found.map((p) => [p.rule, p.message.split(' (')[0]]),
    [
      ['name-method', 'increment() is not a method of Register'],
      ['name-method', 'set() is not a method of Accumulator'],
    ],
  );
});

test('java and kotlin: timelines calls name the members facts.yaml gives each kind, and a Kotlin extension the sample declares counts', async () => {
  const real = loadFacts();
  const run = async (lang: string, code: string) =>
    (await checkBlocks(extractBlocks('page.md', fence(lang, code)), {facts: real})).problems.map(
      (p) => `${p.rule}: ${p.message.split(' (')[0]}`,
    );
  // Common operations come from Timeline; Strings has Constants' members.
  assert.deepEqual(
    await run(
      'java',
      'class C {\n  void f(Windows w, Strings s, Interval i) { w.extend(i.start(), i.end()).filter(x -> true); s.equalTo("ON"); }\n}',
    ),
    [],
  );
  assert.deepEqual(
    await run('java', 'class C {\n  void f(Windows w, Interval i) { i.extend(w, w); w.highlightTrue(); }\n}'),
    ['name-method: extend() is not a method of Interval', 'name-method: highlightTrue() is not a method of Windows'],
  );
  const kotlin =
    'fun Windows.closeGaps(d: Duration): Windows = this\n\nfun g(w: Windows, d: Duration) {\n  w.closeGaps(d)\n  w.bogus(d)\n}';
  assert.deepEqual(await run('kotlin', kotlin), ['name-method: bogus() is not a method of Windows']);
});

test('shell: every orrery command and --option is one facts.yaml cli lists (name-cli)', async () => {
  const withCli = {
    ...facts,
    ...factsFromYaml(`
cli:
  orrery: {options: [--version]}
  login: {options: [--url]}
  token: {options: []}
  procedure run: {options: [--plan, --jar, --apply]}
`),
    api: facts.api,
  };
  const run = async (lang: string, code: string) =>
    (await checkBlocks(extractBlocks('page.md', fence(lang, code)), {facts: withCli})).problems.map((p) => [
      p.line,
      p.rule,
      p.message,
    ]);
  const good = [
    'orrery login --url https://orrery.example.org',
    'export ORRERY_TOKEN=$(orrery token)',
    'orrery procedure run --plan 42 \\',
    '  --jar build/procedures/a.jar --apply   # saves the edits',
    'helm upgrade --install orrery ./chart --wait',
    'curl https://orrery.example.org/healthz | jq . && orrery token',
    'docker compose run --rm orrery-migrate status',
    'orrery --version',
  ].join('\n');
  assert.deepEqual(await run('bash', good), []);
  // The line of a finding is where its command starts (fence on line 1, code from line 2).
  assert.deepEqual(
    await run(
      'bash',
      'echo start\norrery procedure run --plan 42 \\\n  --jar a.jar --dry-run\norrery model upload a.jar',
    ),
    [
      [3, 'name-cli', '"orrery procedure run" has no option --dry-run (facts/facts.yaml cli: --plan, --jar, --apply)'],
      [
        5,
        'name-cli',
        '"orrery model upload" is not a command of the CLI (facts/facts.yaml cli: orrery, login, token, procedure run)',
      ],
    ],
  );
  // Options of the client itself, before any command.
  assert.deepEqual(
    (await run('bash', 'orrery --help')).map(([, , message]) => message),
    ['"orrery" has no option --help (facts/facts.yaml cli: --version)'],
  );
  // console blocks: commands after a "$ " prompt only; the rest is output.
  assert.deepEqual(await run('console', '$ orrery token\norrery logout is what the output says'), []);
  assert.deepEqual(
    (await run('console', '$ orrery logout')).map(([, rule]) => rule),
    ['name-cli'],
  );
});

test('facts.yaml: a CLI command is one or two words with --options', () => {
  assert.throws(() => factsFromYaml('cli:\n  Model-Upload: {options: []}\n'), /cli\."Model-Upload" must be/);
  assert.throws(() => factsFromYaml('cli:\n  login: {options: [url]}\n'), /cli\."login" must be/);
});

test('any language: ORRERY_ names are the variables facts.yaml env lists, and a page about an earlier release has them already (name-env)', async () => {
  const withEnv = {
    ...facts,
    ...factsFromYaml(`
env:
  ORRERY_LOG_LEVEL:
  ORRERY_SIM_WORKER_CONCURRENCY: {since: 2.21.0}
`),
    api: facts.api,
  };
  const run = async (file: string, lang: string, code: string, meta = '') =>
    (await checkBlocks(extractBlocks(file, fence(lang, code, meta)), {facts: withEnv})).problems.map((p) => [
      p.line,
      p.rule,
      p.message,
    ]);
  assert.deepEqual(await run('docs/a.md', 'properties', 'ORRERY_LOG_LEVEL=debug\nORRERY_SIM_WORKER_CONCURRENCY=2'), []);
  // A prefix of listed names (a grep pattern) names no one variable.
  assert.deepEqual(await run('docs/a.md', 'bash', "env | grep -E 'MERLIN_WORKER|ORRERY_SIM_WORKER'"), []);
  assert.deepEqual(await run('docs/a.md', 'yaml', 'env:\n  ORRERY_LOGLEVEL: debug'), [
    [3, 'name-env', "ORRERY_LOGLEVEL is not one of Orrery's environment variables (facts/facts.yaml env)"],
  ]);
  // An upgrade guide is about the release it leads to; a versioned page about its release.
  assert.deepEqual(await run('upgrade-guides/v2/2-19-0-to-2-20-0.md', 'text', 'ORRERY_SIM_WORKER_CONCURRENCY=2'), [
    [2, 'name-env', 'ORRERY_SIM_WORKER_CONCURRENCY came in 2.21.0; this page is about 2.20.0'],
  ]);
  assert.deepEqual(await run('upgrade-guides/v2/2-20-0-to-2-21-0.md', 'text', 'ORRERY_SIM_WORKER_CONCURRENCY=2'), []);
  assert.equal(
    (await run('versioned_docs/version-2.20.0/a.md', 'bash', 'export ORRERY_SIM_WORKER_CONCURRENCY=2')).length,
    1,
  );
  // A block that shows an older release is not held to the list.
  assert.deepEqual(await run('docs/a.md', 'properties', 'ORRERY_OLD_NAME=1', 'title="Before (1.2.0): .env"'), []);
});

test('facts.yaml: an env entry is an ORRERY_ name with an x.y.z since', () => {
  assert.throws(() => factsFromYaml('env:\n  LOG_LEVEL:\n'), /env\.LOG_LEVEL must be an ORRERY_ name/);
  assert.throws(() => factsFromYaml('env:\n  ORRERY_X: {since: soon}\n'), /env\.ORRERY_X must be/);
});
