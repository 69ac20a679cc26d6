/**
 * Ports for the test servers. A fixed port fails (or, worse, reuses the wrong
 * server) when another program already listens there, e.g. Vite's preview on
 * 4173. So each port is the one named in its environment variable, or else a
 * free one the kernel hands out, chosen once and written back to the
 * environment: Playwright evaluates the config again in each worker process,
 * and the workers inherit the runner's environment, so every process agrees.
 */
import {execFileSync} from 'node:child_process';

// Listens on port 0 (the kernel picks a free port), prints it and closes.
const PICK_PORT = `const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})`;

/** A free TCP port on 127.0.0.1, synchronously (Playwright's config cannot await). */
export function freePortSync(): number {
  const port = Number(execFileSync(process.execPath, ['-e', PICK_PORT], {encoding: 'utf8'}).trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`Could not get a free port from the kernel (got ${port}).`);
  return port;
}

/** The port in `process.env[name]`; if unset, a free port, stored there for the processes that follow. */
export function envPort(name: string): number {
  const given = process.env[name];
  if (given) {
    const port = Number(given);
    if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`${name}=${given} is not a TCP port.`);
    return port;
  }
  const port = freePortSync();
  process.env[name] = String(port);
  return port;
}
