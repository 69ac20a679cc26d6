// Stands in for `tslib` where @docusaurus/utils-common (CommonJS) requires it,
// for the one helper it uses. The whole of tslib would otherwise land in the
// main bundle, since a require() keeps every export of the module it loads.
export function __importDefault<T>(mod: T): T | {default: T} {
  return mod && (mod as {__esModule?: boolean}).__esModule ? mod : {default: mod};
}
