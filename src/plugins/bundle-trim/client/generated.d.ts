/** Written by ../index.ts (writeRouteParts): sidebar part name → its loader; empty without route parts. */
declare module '@generated/orrery-route-parts/sidebarParts' {
  const loaders: Record<string, () => Promise<{default: import('./sidebarStore').SidebarPart}>>;
  export default loaders;
}
