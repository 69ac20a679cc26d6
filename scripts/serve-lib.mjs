// Static file serving for the production build, the way a reverse proxy serves
// it: only under the base path, directories answer with their index.html,
// a directory without its trailing slash is redirected, and anything unknown
// gets the site's 404 page with status 404. Used by `npm run serve` and by the
// browser tests. Pure path logic is exported for the unit tests.
import {createReadStream, promises as fs} from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

/** The content type for a file name; unknown extensions are served as bytes. */
export function contentTypeOf(file) {
  // Pagefind names its fragments and index chunks with extensions of its own.
  if (/\.pf_(fragment|index|meta|filter)$/.test(file)) return 'application/octet-stream';
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a request path to a path relative to the build directory.
 * Returns {kind: 'outside'} for paths outside the base, {kind: 'bad'} for
 * traversal attempts, and {kind: 'file', rel} otherwise.
 */
export function resolveRequest(urlPath, baseUrl) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return {kind: 'bad'};
  }
  if (decoded.includes('\0')) return {kind: 'bad'};
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  if (decoded === base.slice(0, -1)) return {kind: 'redirect', location: base};
  if (!decoded.startsWith(base)) return {kind: 'outside'};
  const rest = decoded.slice(base.length);
  const normalized = path.posix.normalize(`/${rest}`);
  if (normalized.split('/').includes('..')) return {kind: 'bad'};
  return {kind: 'file', rel: normalized.slice(1), trailingSlash: decoded.endsWith('/')};
}

/** Starts the server; resolves with the http.Server once listening. */
export async function startServer({buildDir, baseUrl, port = 0, host = '127.0.0.1'}) {
  const root = path.resolve(buildDir);
  const notFoundPage = path.join(root, '404.html');

  async function sendFile(res, file, status, method) {
    const stat = await fs.stat(file);
    const hashed = /\.[0-9a-f]{8,}\.(js|css)$/.test(file) || file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(status, {
      'Content-Type': contentTypeOf(file),
      'Content-Length': stat.size,
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  }

  async function notFound(res, method) {
    try {
      await sendFile(res, notFoundPage, 404, method);
    } catch {
      res.writeHead(404, {'Content-Type': 'text/plain; charset=utf-8'});
      res.end('Not found\n');
    }
  }

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD'});
      return res.end();
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/' && baseUrl !== '/') {
      res.writeHead(302, {Location: baseUrl});
      return res.end();
    }
    const target = resolveRequest(url.pathname, baseUrl);
    if (target.kind === 'redirect') {
      res.writeHead(301, {Location: target.location + url.search});
      return res.end();
    }
    if (target.kind !== 'file') return notFound(res, method);
    let file = path.join(root, target.rel);
    try {
      let stat = await fs.stat(file);
      if (stat.isDirectory()) {
        if (!target.trailingSlash) {
          res.writeHead(301, {Location: `${url.pathname}/${url.search}`});
          return res.end();
        }
        file = path.join(file, 'index.html');
        stat = await fs.stat(file);
      }
      return await sendFile(res, file, 200, method);
    } catch {
      return notFound(res, method);
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return server;
}
