// nginx samples: `nginx -t` in a private prefix. A snippet is wrapped in the
// context its top-level directives need; host names in proxy_pass and
// upstream `server` lines become 127.0.0.1 (nginx resolves them at load),
// certificate paths point at a throwaway self-signed pair, and log paths and
// absolute includes point into the prefix, so a correct sample passes on a
// machine without the deployment's hosts and files.
// cspell:words fastcgi keyout grpcs uwsgi emerg
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const MAIN = new Set(['events', 'http', 'stream', 'worker_processes', 'user', 'pid', 'load_module', 'include_main']);
const HTTP = new Set([
  'server',
  'upstream',
  'map',
  'geo',
  'split_clients',
  'limit_req_zone',
  'limit_conn_zone',
  'log_format',
  'proxy_cache_path',
  'fastcgi_cache_path',
  'types',
  'server_names_hash_bucket_size',
  'variables_hash_max_size',
]);

/** Names of the top-level directives of an nginx snippet. */
export function topLevelDirectives(conf: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let expectName = true;
  const tokens = conf.replace(/#[^\n]*/g, '').match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[{};]|[^\s{};]+/g) ?? [];
  for (const t of tokens) {
    if (t === '{') {
      depth++;
      expectName = true;
    } else if (t === '}') {
      depth--;
      expectName = true;
    } else if (t === ';') expectName = true;
    else if (expectName) {
      if (depth === 0) names.push(t);
      expectName = false;
    }
  }
  return names;
}

/** Stands for the certificate a snippet's server inherits from the rest of the configuration (one line). */
const HTTP_DEFAULTS = 'ssl_certificate CERT; ssl_certificate_key KEY;';

export function wrapNginx(conf: string): {text: string; shift: number} {
  const top = topLevelDirectives(conf);
  if (top.some((d) => MAIN.has(d))) {
    return top.includes('events') ? {text: conf, shift: 0} : {text: `events {}\n${conf}`, shift: 1};
  }
  if (top.some((d) => HTTP.has(d))) {
    // A sample with its own server blocks must bring its own certificates (nginx -t fails a
    // `listen … ssl` without one); only http-level snippets without a server inherit the stand-in.
    const inherited = top.includes('server') ? '# (no inherited certificate)' : HTTP_DEFAULTS;
    return {text: `events {}\nhttp {\n${inherited}\n${conf}\n}`, shift: 3};
  }
  return {text: `events {}\nhttp {\n${HTTP_DEFAULTS}\nserver {\nlisten 127.0.0.1:8089;\n${conf}\n}\n}`, shift: 5};
}

export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v'], {stdio: 'ignore'}).status === 0;
}

export interface NginxResult {
  index: number;
  line: number;
  message: string;
}

/** Tests each snippet with `nginx -t`; returns one result per failing snippet. */
export function checkNginxBlocks(blocks: string[]): NginxResult[] {
  if (blocks.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'check-samples-nginx-'));
  const out: NginxResult[] = [];
  try {
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    const empty = join(dir, 'empty.conf');
    writeFileSync(empty, '');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      {stdio: 'ignore'},
    );
    blocks.forEach((block, index) => {
      const prefix = join(dir, `p${index}`);
      mkdirSync(join(prefix, 'logs'), {recursive: true});
      const adapted = block
        .replace(/^(\s*)(ssl_certificate|ssl_trusted_certificate|ssl_client_certificate)\s+[^;$]+;/gm, `$1$2 ${cert};`)
        .replace(/^(\s*)ssl_certificate_key\s+[^;$]+;/gm, `$1ssl_certificate_key ${key};`)
        .replace(/^(\s*)(access_log|error_log)\s+\/[^\s;]+/gm, `$1$2 ${join(prefix, 'logs', 'log')}`)
        .replace(/^(\s*)include\s+\/[^;]+;/gm, (m, sp: string) =>
          /mime\.types/.test(m) ? m : `${sp}include ${empty};`,
        )
        .replace(/^(\s*)http2\s+(on|off)\s*;/gm, '$1# http2 $2; (nginx 1.25.1+)')
        .replace(
          /^(\s*)(proxy_pass|grpc_pass)\s+(https?|grpcs?):\/\/([A-Za-z][\w.-]*)/gm,
          (m, sp: string, d: string, scheme: string, host: string) =>
            upstreamNames(block).has(host) ? m : `${sp}${d} ${scheme}://127.0.0.1`,
        )
        .replace(
          /^(\s*)(uwsgi_pass|fastcgi_pass)\s+([A-Za-z][\w.-]*)(?=:\d)/gm,
          (m, sp: string, d: string, host: string) => (upstreamNames(block).has(host) ? m : `${sp}${d} 127.0.0.1`),
        )
        .replace(/^(\s*)server\s+([A-Za-z][\w.-]*)(:\d+)/gm, '$1server 127.0.0.1$3');
      const wrapped = wrapNginx(adapted);
      const shift = wrapped.shift;
      const text = wrapped.text.replace('ssl_certificate CERT;', `ssl_certificate ${cert};`).replace('KEY;', `${key};`);
      const conf = join(prefix, 'nginx.conf');
      const pid = /^\s*pid\s/m.test(text) ? '' : `pid ${join(prefix, 'nginx.pid')};\n`;
      writeFileSync(conf, `${pid}${text}\n`);
      const r = spawnSync(
        'nginx',
        ['-t', '-q', '-p', `${prefix}/`, '-c', conf, '-e', join(prefix, 'logs', 'error.log')],
        {
          encoding: 'utf8',
        },
      );
      if (r.status === 0) return;
      const msg =
        (r.stderr || r.stdout || '').split('\n').find((l) => /\[emerg\]|\[crit\]|\[alert\]/.test(l)) ?? r.stderr;
      const at = /in \S+:(\d+)/.exec(msg);
      const line = at ? Math.max(1, Number(at[1]) - (/^\s*pid\s/m.test(text) ? 0 : 1) - shift) : 1;
      out.push({
        index,
        line,
        message: msg
          .replace(/^nginx: \[\w+\]\s*/, '')
          .replace(/ in \S+:\d+$/, '')
          .trim(),
      });
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  return out;
}

function upstreamNames(conf: string): Set<string> {
  return new Set([...conf.matchAll(/\bupstream\s+([\w.-]+)\s*\{/g)].map((m) => m[1] ?? ''));
}
