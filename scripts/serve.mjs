// Minimal static file server for dist/ (no dependencies).
// usage: node scripts/serve.mjs DIR PORT [HOST]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

// Sent with every answer: browsers must not guess a type other than the one given.
const HEADERS = { 'x-content-type-options': 'nosniff' };

export function serve(dir, port, host = '127.0.0.1') {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      let path = normalize(join(root, decodeURIComponent(url.pathname)));
      // Inside the root only: `root + sep`, so a sibling such as /distX is not served.
      if (path !== root && !path.startsWith(root + sep)) { res.writeHead(403, HEADERS).end(); return; }
      if ((await stat(path).catch(() => null))?.isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, { ...HEADERS, 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404, { ...HEADERS, 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
  const s = await serve(dir, Number(port), host);
  console.log(`serving ${dir} on http://${host}:${s.address().port}/`);
}
