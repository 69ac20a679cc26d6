#!/usr/bin/env node
// CI: after `npm install`, package-lock.json must still say what the committed one says.
// Entries for other platforms' optional binaries (the Pagefind, SWC and Rspack builds for macOS or
// Windows) are left out of the comparison: whether npm writes them depends on what the
// registry it reaches serves, not on package.json. Everything else must match exactly.
// Usage: node scripts/lockfile-check.mjs <committed-lockfile> <installed-lockfile>
import {readFileSync} from 'node:fs';

const [committedFile, installedFile] = process.argv.slice(2);
if (!committedFile || !installedFile) {
  console.error('Usage: node scripts/lockfile-check.mjs <committed-lockfile> <installed-lockfile>');
  process.exit(2);
}

const forThisPlatform = (entry) =>
  !entry.optional ||
  ((!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch)));

function relevant(file) {
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const packages = Object.entries(lock.packages ?? {}).filter(([, entry]) => forThisPlatform(entry));
  return new Map(packages.map(([key, entry]) => [key, JSON.stringify(entry)]));
}

const committed = relevant(committedFile);
const installed = relevant(installedFile);
const differ = [...new Set([...committed.keys(), ...installed.keys()])].filter(
  (key) => committed.get(key) !== installed.get(key),
);
if (differ.length > 0) {
  console.error(
    `npm install changed package-lock.json (${differ.length} entries, e.g. ${differ.slice(0, 5).join(', ')}): ` +
      'commit the lockfile that matches package.json.',
  );
  process.exit(1);
}
console.log(`package-lock.json: ${committed.size} entries for this platform, as committed.`);
