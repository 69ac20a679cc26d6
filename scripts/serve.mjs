#!/usr/bin/env node
// Serves build/ under the base path on http://127.0.0.1:<port>/ as a reverse
// proxy would (see serve-lib.mjs). Usage: node scripts/serve.mjs [--port N] [--dir build]
// The base path is the one the build was made for (npm test builds for
// /mission/docs/, `npm run build` for BASE_URL or /orrery/); BASE_URL overrides.
import {startServer} from './serve-lib.mjs';
import {buildBase} from './csp.mjs';
import {existsSync} from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const port = Number(option('port', process.env.PORT ?? '3000'));
const buildDir = option('dir', 'build');
if (!existsSync(`${buildDir}/index.html`)) {
  console.error(`No production build in ${buildDir}/: run "npm run build" first.`);
  process.exit(1);
}
const baseUrl = process.env.BASE_URL || buildBase(buildDir);
const server = await startServer({buildDir, baseUrl, port});
const {port: actual} = server.address();
console.log(`Serving ${buildDir}/ at http://127.0.0.1:${actual}${baseUrl}`);
