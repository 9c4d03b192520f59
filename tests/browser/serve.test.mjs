// The static server used by `make play` and the browser tests: it serves
// the root folder only (a sibling such as dist-secret/ next to dist/ is
// out of reach, however the path is spelled) and says nosniff every time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { serve } from '../../scripts/serve.mjs';

function get(port, path) {
  return new Promise((ok, fail) => {
    // A raw path: no client-side normalisation of `..` or escapes.
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('the server keeps to its root and never lets a browser sniff types', async () => {
  const base = mkdtempSync(join(tmpdir(), 'jieqi-serve-'));
  mkdirSync(join(base, 'dist'));
  mkdirSync(join(base, 'distX'));
  writeFileSync(join(base, 'dist', 'index.html'), '<p>game</p>');
  writeFileSync(join(base, 'distX', 'secret.txt'), 'secret');
  writeFileSync(join(base, 'top-secret.txt'), 'secret');
  const server = await serve(join(base, 'dist'), 0);
  const { port } = server.address();
  try {
    const home = await get(port, '/');
    assert.equal(home.status, 200);
    assert.equal(home.body, '<p>game</p>');
    assert.equal(home.headers['x-content-type-options'], 'nosniff');
    for (const path of ['/../distX/secret.txt', '/..%2fdistX%2fsecret.txt', '/%2e%2e/distX/secret.txt', '/../top-secret.txt', '/..%2f..%2ftop-secret.txt', '/%2e%2e%2ftop-secret.txt']) {
      const r = await get(port, path);
      assert.notEqual(r.status, 200, `${path} was served`);
      assert.ok(!r.body.includes('secret'), `${path} leaked`);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
    }
    const missing = await get(port, '/nope.js');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['x-content-type-options'], 'nosniff');
  } finally {
    server.close();
  }
});
