// A Hasura-shaped GraphQL schema built from the `api` section of
// facts/facts.yaml, and the validation of GraphQL samples against it.
// Scalars are permissive (any literal fits a column), so the checks are about
// names: root fields, columns, relationships, arguments, input fields, types.
// cspell:words timestamptz timetz citext bpchar nlike ilike nilike nsimilar nregex iregex niregex
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  Kind,
  specifiedScalarTypes,
  valueFromASTUntyped,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
  type TypeNode,
  parseType,
} from 'graphql';
import type {ApiAction, ApiTable, Facts} from './facts.ts';

const permissive = (name: string): GraphQLScalarType =>
  new GraphQLScalarType({
    name,
    serialize: (v) => v,
    parseValue: (v) => v,
    parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables) ?? null,
  });

/** Hasura's Postgres scalars, all permissive. */
const HASURA_SCALARS = [
  'jsonb',
  'json',
  'timestamptz',
  'timestamp',
  'interval',
  'bigint',
  'numeric',
  'float8',
  'uuid',
  'date',
  'time',
  'timetz',
  'smallint',
  'citext',
  'bpchar',
  'oid',
  '_text',
  '_int4',
];

const COMPARISON_OPS = [
  '_eq',
  '_neq',
  '_gt',
  '_gte',
  '_lt',
  '_lte',
  '_in',
  '_nin',
  '_is_null',
  '_like',
  '_nlike',
  '_ilike',
  '_nilike',
  '_similar',
  '_nsimilar',
  '_regex',
  '_nregex',
  '_iregex',
  '_niregex',
  '_contains',
  '_contained_in',
  '_has_key',
  '_has_keys_any',
  '_has_keys_all',
  '_cast',
];

const JSONB_OPS = ['_append', '_prepend', '_delete_key', '_delete_elem', '_delete_at_path'];

/** A type built earlier in the same pass (every table gets all of its types). */
function must<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`check-samples: no GraphQL type for table ${key}`);
  return value;
}

function relTarget(rel: string | string[]): {table: string; array: boolean} {
  return Array.isArray(rel) ? {table: String(rel[0]), array: true} : {table: rel, array: false};
}

export function buildApiSchema(api: Facts['api']): GraphQLSchema {
  const Any = permissive('Any');
  const scalars = new Map<string, GraphQLScalarType>(HASURA_SCALARS.map((n) => [n, permissive(n)]));
  const orderBy = new GraphQLEnumType({
    name: 'order_by',
    values: Object.fromEntries(
      ['asc', 'asc_nulls_first', 'asc_nulls_last', 'desc', 'desc_nulls_first', 'desc_nulls_last'].map((v) => [v, {}]),
    ),
  });
  const comparison = new GraphQLInputObjectType({
    name: 'comparison_exp',
    fields: () => Object.fromEntries(COMPARISON_OPS.map((op) => [op, {type: Any}])),
  });
  const tables = api.tables;
  const names = Object.keys(tables);
  const obj = new Map<string, GraphQLObjectType>();
  const boolExp = new Map<string, GraphQLInputObjectType>();
  const orderByT = new Map<string, GraphQLInputObjectType>();
  const insertInput = new Map<string, GraphQLInputObjectType>();
  const onConflict = new Map<string, GraphQLInputObjectType>();
  const selectColumn = new Map<string, GraphQLEnumType>();
  const aggregate = new Map<string, GraphQLObjectType>();
  const mutationResponse = new Map<string, GraphQLObjectType>();
  const columnsInput = new Map<string, GraphQLInputObjectType>();
  const columnEnum = (name: string, t: ApiTable) =>
    new GraphQLEnumType({name, values: Object.fromEntries(t.columns.map((c) => [c, {}]))});
  const listArgs = (name: string): GraphQLFieldConfigArgumentMap => ({
    where: {type: must(boolExp, name)},
    order_by: {type: new GraphQLList(new GraphQLNonNull(must(orderByT, name)))},
    limit: {type: GraphQLInt},
    offset: {type: GraphQLInt},
    distinct_on: {type: new GraphQLList(new GraphQLNonNull(must(selectColumn, name)))},
  });
  const pkArgs = (t: ApiTable): GraphQLFieldConfigArgumentMap =>
    Object.fromEntries((t.pk ?? []).map((c) => [c, {type: new GraphQLNonNull(Any)}]));

  for (const name of names) {
    const t = tables[name] as ApiTable;
    selectColumn.set(name, columnEnum(`${name}_select_column`, t));
    columnsInput.set(
      name,
      new GraphQLInputObjectType({
        name: `${name}_columns_input`,
        fields: () => Object.fromEntries(t.columns.map((c) => [c, {type: Any}])),
      }),
    );
    boolExp.set(
      name,
      new GraphQLInputObjectType({
        name: `${name}_bool_exp`,
        fields: (): GraphQLInputFieldConfigMap => {
          const f: GraphQLInputFieldConfigMap = {
            _and: {type: new GraphQLList(new GraphQLNonNull(must(boolExp, name)))},
            _or: {type: new GraphQLList(new GraphQLNonNull(must(boolExp, name)))},
            _not: {type: must(boolExp, name)},
          };
          for (const c of t.columns) f[c] = {type: comparison};
          for (const [r, rel] of Object.entries(t.relationships ?? {})) {
            const target = boolExp.get(relTarget(rel).table);
            if (target) f[r] = {type: target};
          }
          return f;
        },
      }),
    );
    orderByT.set(
      name,
      new GraphQLInputObjectType({
        name: `${name}_order_by`,
        fields: (): GraphQLInputFieldConfigMap => {
          const f: GraphQLInputFieldConfigMap = {};
          for (const c of t.columns) f[c] = {type: orderBy};
          for (const [r, rel] of Object.entries(t.relationships ?? {})) {
            const {table, array} = relTarget(rel);
            if (array) f[`${r}_aggregate`] = {type: Any};
            else if (orderByT.get(table)) f[r] = {type: must(orderByT, table)};
          }
          return f;
        },
      }),
    );
    onConflict.set(
      name,
      new GraphQLInputObjectType({
        name: `${name}_on_conflict`,
        fields: () => ({
          constraint: {type: new GraphQLNonNull(Any)},
          update_columns: {type: new GraphQLList(new GraphQLNonNull(columnEnum(`${name}_update_column`, t)))},
          where: {type: must(boolExp, name)},
        }),
      }),
    );
    insertInput.set(
      name,
      new GraphQLInputObjectType({
        name: `${name}_insert_input`,
        fields: (): GraphQLInputFieldConfigMap => {
          const f: GraphQLInputFieldConfigMap = {};
          for (const c of t.columns) f[c] = {type: Any};
          for (const [r, rel] of Object.entries(t.relationships ?? {})) {
            const {table, array} = relTarget(rel);
            const input = insertInput.get(table);
            if (!input) continue;
            f[r] = {
              type: new GraphQLInputObjectType({
                name: `${name}_${r}_rel_insert_input`,
                fields: {
                  data: {type: new GraphQLNonNull(array ? new GraphQLList(new GraphQLNonNull(input)) : input)},
                  on_conflict: {type: must(onConflict, table)},
                },
              }),
            };
          }
          return f;
        },
      }),
    );
    obj.set(
      name,
      new GraphQLObjectType({
        name,
        fields: (): GraphQLFieldConfigMap<unknown, unknown> => {
          const f: GraphQLFieldConfigMap<unknown, unknown> = {};
          // `path` is the JSON path argument of jsonb columns; the column types are not listed, so any column takes it.
          for (const c of t.columns) f[c] = {type: Any, args: {path: {type: Any}}};
          for (const [r, rel] of Object.entries(t.relationships ?? {})) {
            const {table, array} = relTarget(rel);
            const target = obj.get(table);
            if (!target) continue;
            if (array) {
              f[r] = {type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(target))), args: listArgs(table)};
              f[`${r}_aggregate`] = {type: new GraphQLNonNull(must(aggregate, table)), args: listArgs(table)};
            } else {
              f[r] = {type: target};
            }
          }
          return f;
        },
      }),
    );
    const aggCols = new GraphQLObjectType({
      name: `${name}_aggregate_columns`,
      fields: () => Object.fromEntries(t.columns.map((c) => [c, {type: Any}])),
    });
    aggregate.set(
      name,
      new GraphQLObjectType({
        name: `${name}_aggregate`,
        fields: () => ({
          aggregate: {
            type: new GraphQLObjectType({
              name: `${name}_aggregate_fields`,
              fields: () => ({
                count: {
                  type: new GraphQLNonNull(GraphQLInt),
                  args: {
                    columns: {type: new GraphQLList(new GraphQLNonNull(must(selectColumn, name)))},
                    distinct: {type: GraphQLBoolean},
                  },
                },
                ...Object.fromEntries(
                  [
                    'sum',
                    'avg',
                    'max',
                    'min',
                    'stddev',
                    'stddev_pop',
                    'stddev_samp',
                    'var_pop',
                    'var_samp',
                    'variance',
                  ].map((a) => [a, {type: aggCols}]),
                ),
              }),
            }),
          },
          nodes: {type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(must(obj, name))))},
        }),
      }),
    );
    mutationResponse.set(
      name,
      new GraphQLObjectType({
        name: `${name}_mutation_response`,
        fields: () => ({
          affected_rows: {type: new GraphQLNonNull(GraphQLInt)},
          returning: {type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(must(obj, name))))},
        }),
      }),
    );
  }

  const query: GraphQLFieldConfigMap<unknown, unknown> = {};
  const subscription: GraphQLFieldConfigMap<unknown, unknown> = {};
  const mutation: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const name of names) {
    const t = tables[name] as ApiTable;
    const list = {type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(must(obj, name)))), args: listArgs(name)};
    const agg = {type: new GraphQLNonNull(must(aggregate, name)), args: listArgs(name)};
    query[name] = list;
    query[`${name}_aggregate`] = agg;
    subscription[name] = list;
    subscription[`${name}_aggregate`] = agg;
    subscription[`${name}_stream`] = {
      type: list.type,
      args: {
        batch_size: {type: new GraphQLNonNull(GraphQLInt)},
        cursor: {type: new GraphQLNonNull(new GraphQLList(Any))},
        where: {type: must(boolExp, name)},
      },
    };
    if (t.pk?.length) {
      query[`${name}_by_pk`] = {type: must(obj, name), args: pkArgs(t)};
      subscription[`${name}_by_pk`] = {type: must(obj, name), args: pkArgs(t)};
    }
    if (t.view) continue;
    const cols = must(columnsInput, name);
    const setOps: GraphQLFieldConfigArgumentMap = {_set: {type: cols}, _inc: {type: cols}};
    for (const op of JSONB_OPS) setOps[op] = {type: cols};
    const conflict = {on_conflict: {type: must(onConflict, name)}};
    const input = must(insertInput, name);
    mutation[`insert_${name}`] = {
      type: must(mutationResponse, name),
      args: {objects: {type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(input)))}, ...conflict},
    };
    mutation[`insert_${name}_one`] = {
      type: must(obj, name),
      args: {object: {type: new GraphQLNonNull(input)}, ...conflict},
    };
    mutation[`update_${name}`] = {
      type: must(mutationResponse, name),
      args: {where: {type: new GraphQLNonNull(must(boolExp, name))}, ...setOps},
    };
    mutation[`update_${name}_many`] = {
      type: new GraphQLList(must(mutationResponse, name)),
      args: {
        updates: {
          type: new GraphQLNonNull(
            new GraphQLList(
              new GraphQLNonNull(
                new GraphQLInputObjectType({
                  name: `${name}_updates`,
                  fields: {where: {type: new GraphQLNonNull(must(boolExp, name))}, ...setOps},
                }),
              ),
            ),
          ),
        },
      },
    };
    mutation[`delete_${name}`] = {
      type: must(mutationResponse, name),
      args: {where: {type: new GraphQLNonNull(must(boolExp, name))}},
    };
    if (t.pk?.length) {
      const pkInput = new GraphQLInputObjectType({
        name: `${name}_pk_columns_input`,
        fields: Object.fromEntries(t.pk.map((c) => [c, {type: new GraphQLNonNull(Any)}])),
      });
      mutation[`update_${name}_by_pk`] = {
        type: must(obj, name),
        args: {pk_columns: {type: new GraphQLNonNull(pkInput)}, ...setOps},
      };
      mutation[`delete_${name}_by_pk`] = {type: must(obj, name), args: pkArgs(t)};
    }
  }

  const argType = (spec: string): GraphQLInputType => {
    const wrap = (node: TypeNode): GraphQLInputType => {
      if (node.kind === Kind.NON_NULL_TYPE) return new GraphQLNonNull(wrap(node.type) as GraphQLScalarType);
      if (node.kind === Kind.LIST_TYPE) return new GraphQLList(wrap(node.type));
      return Any;
    };
    return wrap(parseType(spec));
  };
  const outputType = (typeName: string, returns: unknown): GraphQLOutputType => {
    if (returns === null || returns === undefined) return Any;
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    if (Array.isArray(returns)) for (const f of returns) fields[String(f)] = {type: Any};
    else
      for (const [f, sub] of Object.entries(returns as Record<string, unknown>))
        fields[f] = {type: outputType(`${typeName}_${f}`, sub)};
    return new GraphQLObjectType({name: typeName, fields});
  };
  for (const [name, action] of Object.entries(api.actions) as [string, ApiAction][]) {
    const field = {
      type: outputType(`${name}_output`, action.returns),
      args: Object.fromEntries(Object.entries(action.args ?? {}).map(([a, spec]) => [a, {type: argType(spec)}])),
    };
    if (action.kind === 'query') query[name] = field;
    else mutation[name] = field;
  }

  return new GraphQLSchema({
    query: new GraphQLObjectType({name: 'query_root', fields: query}),
    mutation: new GraphQLObjectType({name: 'mutation_root', fields: mutation}),
    subscription: new GraphQLObjectType({name: 'subscription_root', fields: subscription}),
    types: [...specifiedScalarTypes, ...scalars.values()],
  });
}

import {
  FieldsOnCorrectTypeRule,
  FragmentsOnCompositeTypesRule,
  KnownArgumentNamesRule,
  KnownFragmentNamesRule,
  KnownTypeNamesRule,
  NoUndefinedVariablesRule,
  PossibleFragmentSpreadsRule,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  UniqueArgumentNamesRule,
  ValuesOfCorrectTypeRule,
  VariablesAreInputTypesRule,
  GraphQLError,
  parse as parseGraphql,
  validate,
  visit,
  type DocumentNode,
  type ObjectValueNode,
  type ValueNode,
} from 'graphql';
import type {Report} from './types.ts';
import {checkArgumentNames, checkStatus, checkType, tableWithin} from './names.ts';

const NAME_RULES = [
  FieldsOnCorrectTypeRule,
  KnownArgumentNamesRule,
  KnownTypeNamesRule,
  KnownFragmentNamesRule,
  FragmentsOnCompositeTypesRule,
  PossibleFragmentSpreadsRule,
  ScalarLeafsRule,
  UniqueArgumentNamesRule,
  ValuesOfCorrectTypeRule,
  VariablesAreInputTypesRule,
];
/** Completeness rules, left out for `fragment` blocks. */
const COMPLETE_RULES = [NoUndefinedVariablesRule, ProvidedRequiredArgumentsRule];

/** Tables whose rows have an activity type in a `type` column. */
const TYPED_TABLES =
  /^(insert_|update_|delete_)?(activity_directive|span|plan_snapshot_directive)(_one|_by_pk|_aggregate|_many)?$/;

const firstLine = (e: GraphQLError) => e.locations?.[0]?.line ?? 1;

export interface GraphqlOptions {
  /** A `fragment` block: a bare selection set is fine, completeness rules are off. */
  fragment: boolean;
}

/** Parses one GraphQL sample and validates it against the API schema and the facts. */
export function checkGraphql(
  code: string,
  facts: Facts,
  schema: GraphQLSchema,
  report: Report,
  opts: GraphqlOptions,
): void {
  let doc: DocumentNode;
  let shift = 0;
  try {
    doc = parseGraphql(code);
  } catch (e) {
    if (!opts.fragment) {
      report(e instanceof GraphQLError ? firstLine(e) : 1, 'parse-graphql', (e as Error).message);
      return;
    }
    // A fragment may be a bare selection set.
    try {
      doc = parseGraphql(`{\n${code}\n}`);
      shift = -1;
    } catch {
      return;
    }
  }
  const executable = doc.definitions.filter(
    (d) => d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION,
  );
  // Schema text (SDL) is parsed only: it describes types, it does not use the API.
  if (executable.length === 0) return;
  const sdl = doc.definitions.find((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION);
  if (sdl) {
    report((sdl.loc?.startToken.line ?? 1) + shift, 'parse-graphql', 'a block mixes schema definitions and operations');
    return;
  }
  const rules = opts.fragment ? NAME_RULES : [...NAME_RULES, ...COMPLETE_RULES];
  for (const err of validate(schema, doc, rules)) report(firstLine(err) + shift, 'api-graphql', err.message);
  checkGraphqlNames(doc, facts, (line, rule, message) => report(line + shift, rule, message));
}

const lineOf = (node: {loc?: {startToken: {line: number}}}) => node.loc?.startToken.line ?? 1;

function objectField(node: ObjectValueNode, name: string): ValueNode | undefined {
  return node.fields.find((f) => f.name.value === name)?.value;
}

function stringsOf(value: ValueNode | undefined): {value: string; line: number}[] {
  if (!value) return [];
  if (value.kind === Kind.STRING) return [{value: value.value, line: lineOf(value)}];
  if (value.kind === Kind.LIST) return value.values.flatMap(stringsOf);
  if (value.kind === Kind.OBJECT) {
    return ['_eq', '_neq', '_in', '_nin'].flatMap((op) => stringsOf(objectField(value, op)));
  }
  return [];
}

/** Activity types, argument names and status words stated in a GraphQL document. */
export function checkGraphqlNames(doc: DocumentNode, facts: Facts, report: Report): void {
  const rootStack: string[] = [];
  // The table each field and object field is about (null outside any): a status word is held to
  // its table's set, so `where: {validation: {status: …}}` under activity_directive checks
  // against activity_directive_validations' statuses.
  const tables: (string | null)[] = [];
  const enterName = (name: string) => tables.push(tableWithin(facts, tables.at(-1) ?? null, name));
  visit(doc, {
    Field: {
      enter(node) {
        rootStack.push(node.name.value);
        enterName(node.name.value);
      },
      leave() {
        rootStack.pop();
        tables.pop();
      },
    },
    ObjectField: {
      enter(node) {
        enterName(node.name.value);
      },
      leave() {
        tables.pop();
      },
    },
    ObjectValue(node) {
      const type = objectField(node, 'type');
      const args = objectField(node, 'arguments');
      const directiveLike = !!(args || objectField(node, 'start_offset') || objectField(node, 'anchor_id'));
      const inTypedTable = rootStack.some((f) => TYPED_TABLES.test(f));
      if (type && (directiveLike || inTypedTable)) {
        for (const t of stringsOf(type)) {
          checkType(facts, t.value, t.line, report);
          if (args?.kind === Kind.OBJECT && directiveLike)
            checkArgumentNames(
              facts,
              t.value,
              args.fields.map((f) => ({name: f.name.value, line: lineOf(f)})),
              report,
            );
        }
      }
      const preset = objectField(node, 'associated_activity_type');
      for (const t of stringsOf(preset)) {
        checkType(facts, t.value, t.line, report);
        if (args?.kind === Kind.OBJECT)
          checkArgumentNames(
            facts,
            t.value,
            args.fields.map((f) => ({name: f.name.value, line: lineOf(f)})),
            report,
          );
      }
      for (const s of stringsOf(objectField(node, 'status')))
        checkStatus(facts, s.value, s.line, report, tables.at(-1) ?? null);
    },
  });
}
