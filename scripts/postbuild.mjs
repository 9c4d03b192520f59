// Trunk post_build hook: make dist/ an installable, offline, locked-down
// static site. Runs in Trunk's staging directory (TRUNK_STAGING_DIR).
//  - icons (PNG, drawn here, nothing downloaded) and manifest.webmanifest
//  - sw.js precaching every built file under a cache named by a content hash
//  - a Content-Security-Policy <meta> with the hash of Trunk's inline loader
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateSync } from 'node:zlib';
import { minify } from 'terser';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || 'dist';

// ---- icons: a red-rimmed disc with a face-down diamond, on the board colour ----
function crc32(buf) {
  let c, crc = ~0;
  for (const b of buf) {
    c = (crc ^ b) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return ~crc >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
// An indexed-colour PNG (the icon has a handful of opaque colours).
function png(size, pixel) {
  const palette = [];
  const raw = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const rgb = pixel((x + 0.5) / size, (y + 0.5) / size).slice(0, 3).join(',');
      let i = palette.indexOf(rgb);
      if (i < 0) { i = palette.length; palette.push(rgb); }
      raw[y * (size + 1) + 1 + x] = i;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 3; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const plte = Buffer.from(palette.flatMap((c) => c.split(',').map(Number)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
const icon = (u, v) => {
  const d = Math.hypot(u - 0.5, v - 0.5);
  if (d < 0.30) {
    const diamond = Math.abs(u - 0.5) + Math.abs(v - 0.5) < 0.13;
    return diamond ? [214, 150, 140, 255] : [157, 43, 34, 255];
  }
  if (d < 0.33) return [250, 240, 222, 255];
  if (d < 0.37) return [179, 38, 30, 255];
  return [233, 201, 143, 255];
};
for (const size of [192, 512]) writeFileSync(join(dir, `icon-${size}.png`), png(size, icon));

writeFileSync(join(dir, 'manifest.webmanifest'), JSON.stringify({
  name: 'Jieqi · Cờ úp', short_name: 'Jieqi', description: 'Hidden-piece xiangqi against a strong AI or a friend.',
  start_url: './', scope: './', display: 'standalone', orientation: 'any',
  background_color: '#f4efe6', theme_color: '#a3261b',
  icons: [
    { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
    { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
  ],
}, null, 2));

// ---- CSP with the inline loader's hash ----
const indexPath = join(dir, 'index.html');
let html = readFileSync(indexPath, 'utf8');
const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
  .map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
// The page may be minified (Trunk.toml): find its tags whatever their quoting.
const CHARSET = /<meta charset="?utf-8"?>/i;
function afterCharset(page, tags) {
  if (!CHARSET.test(page)) throw new Error('postbuild: no <meta charset> in index.html');
  return page.replace(CHARSET, (m) => `${m}${tags}`);
}
html = afterCharset(html, `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
html = afterCharset(html, '<link rel="manifest" href="./manifest.webmanifest"><meta name="theme-color" content="#a3261b"><link rel="apple-touch-icon" href="./icon-192.png">');
writeFileSync(indexPath, html);

// ---- the JS glue: shorter import names (in the wasm too), minified ----
// wasm-bindgen names each import like `__wbg_getElementById_<16 hex digits>`:
// some 260 of them, each written in the wasm and in the glue, with a hash
// that does not compress. They become `a`, `b`, ... `ba`, ... in both files
// (and the import module `./app_bg.js` becomes `m0`), and the page's
// integrity hashes of the two files are written again.
function leb(buf, at) {
  let value = 0, shift = 0, byte;
  do { byte = buf[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
  return [value, at];
}
function lebBytes(n) {
  const out = [];
  do { let b = n % 128; n = Math.floor(n / 128); if (n) b |= 0x80; out.push(b); } while (n);
  return Buffer.from(out);
}
function shortName(i) {
  const abc = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let s = '';
  do { s = abc[i % 52] + s; i = Math.floor(i / 52); } while (i);
  return s;
}
async function shrinkGlue(jsName, wasmName) {
  const wasm = readFileSync(join(dir, wasmName));
  let js = readFileSync(join(dir, jsName), 'utf8');
  const parts = [wasm.subarray(0, 8)];
  const names = new Map();
  const modules = new Map();
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [len, body] = leb(wasm, at + 1);
    const end = body + len;
    if (id !== 2) { parts.push(wasm.subarray(at, end)); at = end; continue; }
    // The import section: module, name, then the kind and its description.
    let p = body;
    let count;
    [count, p] = leb(wasm, p);
    const out = [lebBytes(count)];
    for (let i = 0; i < count; i++) {
      let ml, nl;
      [ml, p] = leb(wasm, p);
      const module = wasm.subarray(p, p + ml).toString(); p += ml;
      [nl, p] = leb(wasm, p);
      const name = wasm.subarray(p, p + nl).toString(); p += nl;
      const descStart = p;
      const kind = wasm[p++];
      if (kind === 0) [, p] = leb(wasm, p);
      else if (kind === 1) { p++; const flags = wasm[p++]; [, p] = leb(wasm, p); if (flags & 1) [, p] = leb(wasm, p); }
      else if (kind === 2) { const flags = wasm[p++]; [, p] = leb(wasm, p); if (flags & 1) [, p] = leb(wasm, p); }
      else if (kind === 3) p += 2;
      else throw new Error(`postbuild: unknown import kind ${kind}`);
      let short = name;
      if (/^__wbg_|^__wbindgen_/.test(name)) {
        short = names.get(name) || shortName(names.size);
        names.set(name, short);
      }
      const mod = modules.get(module) || `m${modules.size}`;
      modules.set(module, mod);
      out.push(lebBytes(mod.length), Buffer.from(mod), lebBytes(Buffer.byteLength(short)), Buffer.from(short), wasm.subarray(descStart, p));
    }
    if (p !== end) throw new Error('postbuild: the import section did not parse');
    const section = Buffer.concat(out);
    parts.push(Buffer.from([2]), lebBytes(section.length), section);
    at = end;
  }
  let renamed = 0;
  js = js.replace(/\b__wb(?:g|indgen)_[A-Za-z0-9_]+\b/g, (m) => {
    const s = names.get(m);
    if (s === undefined) return m;
    renamed++;
    return s;
  });
  if (renamed < names.size) throw new Error(`postbuild: ${names.size - renamed} import names not found in ${jsName}`);
  for (const [module, mod] of modules) {
    const quoted = JSON.stringify(module);
    if (!js.includes(quoted)) throw new Error(`postbuild: import module ${quoted} not found in ${jsName}`);
    js = js.split(quoted).join(JSON.stringify(mod));
  }
  // The glue ships minified (wasm-bindgen writes it readable, and Trunk
  // leaves it so): an ES module, its exports kept.
  const small = await minify(js, { module: true, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!small.code || !/\bexport\b/.test(small.code)) throw new Error(`postbuild: minifying ${jsName} failed`);
  js = small.code;
  const newWasm = Buffer.concat(parts);
  writeFileSync(join(dir, wasmName), newWasm);
  writeFileSync(join(dir, jsName), js);
  // The page names both files with their integrity hash (quoted or not:
  // Trunk may minify the page): write the new hashes.
  const sri = (b) => `sha384-${createHash('sha384').update(b).digest('base64')}`;
  const changed = new Map([[jsName, sri(Buffer.from(js))], [wasmName, sri(newWasm)]]);
  const updated = new Set();
  html = html.replace(/<link\b[^>]*>/g, (tag) => {
    const href = tag.match(/href=("?)\.\/([^"\s>]+)\1/);
    const hash = href && changed.get(href[2]);
    if (!hash || !/integrity=/.test(tag)) return tag;
    updated.add(href[2]);
    return tag.replace(/integrity=("?)[^"\s>]+\1/, `integrity="${hash}"`);
  });
  if (!updated.has(jsName)) throw new Error(`postbuild: no integrity hash of ${jsName} found in index.html`);
  console.log(`postbuild: ${names.size} import names shortened, ${jsName} minified`);
}

// ---- the AI worker: a module worker running the page's own wasm ----
// The site ships one wasm: `worker_loader.js` imports the page's wasm-bindgen
// glue and starts it; the binary's `main` sees no window and runs the worker.
const glue = html.match(/from '\.\/(app[^']*\.js)'/);
const wasmFile = html.match(/module_or_path: '\.\/(app[^']*_bg\.wasm)'/);
if (!glue || !wasmFile) throw new Error('postbuild: the page\'s wasm glue is not named in index.html');
writeFileSync(join(dir, 'worker_loader.js'),
  `import init from './${glue[1]}';\ninit({ module_or_path: './${wasmFile[1]}' });\n`);
await shrinkGlue(glue[1], wasmFile[1]);
writeFileSync(indexPath, html);

// ---- the boot script: shipped minified (Trunk copies www/ as it is) ----
const bootPath = join(dir, 'www', 'boot.js');
{
  const small = await minify(readFileSync(bootPath, 'utf8'), { compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!small.code) throw new Error('postbuild: minifying www/boot.js failed');
  writeFileSync(bootPath, small.code);
}

// ---- service worker: every file, a cache per content hash ----
const files = [];
(function walk(d) {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name !== 'sw.js') files.push(relative(dir, p).split('\\').join('/'));
  }
})(dir);
files.sort();
const version = createHash('sha256');
for (const f of files) version.update(f).update(readFileSync(join(dir, f)));
const tag = version.digest('hex').slice(0, 16);

// ---- the build tag: in the page, in the AI worker's loader, in the worker URLs ----
// The page starts `worker_loader.js?build=TAG` (sw.js keeps one URL: its cache name carries the tag);
// the AI worker reports the tag of its own files in its ready message, and the
// page refuses a worker from another build.
html = afterCharset(html, `<meta name="jieqi-build" content="${tag}">`);
writeFileSync(indexPath, html);
const loaderPath = join(dir, 'worker_loader.js');
writeFileSync(loaderPath, `self.JIEQI_BUILD = '${tag}';\n${readFileSync(loaderPath, 'utf8')}`);

const precache = ['./', ...files.filter((f) => f !== 'index.html').map((f) => `./${f}`)];
writeFileSync(join(dir, 'sw.js'), `// Generated by scripts/postbuild.mjs: do not edit.
// Build ${tag}. Retire it from one browser with ?sw=off (README).
const BUILD = '${tag}';
const CACHE = 'jieqi-' + BUILD;
const FILES = ${JSON.stringify(precache)};
// The app's own pages: the scope itself and its index.html, whatever the query.
const APP_PATHS = [new URL('./', self.registration.scope).pathname, new URL('./index.html', self.registration.scope).pathname];
self.addEventListener('install', (e) => {
  // 'reload': straight from the network, so an update never stores a stale file
  // from the HTTP cache. No skipWaiting: a new version waits for the page.
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('jieqi-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener('message', (e) => { if (e.data === 'skipWaiting') self.skipWaiting(); });
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (e.request.mode === 'navigate') {
    // Only the app's own page comes from the cache; any other page, and the
    // retire switch ?sw=off, go to the network untouched.
    if (!APP_PATHS.includes(url.pathname) || url.searchParams.get('sw') === 'off') return;
    e.respondWith(caches.match('./', { cacheName: CACHE }).then((hit) => hit || fetch(e.request)));
    return;
  }
  // Built files; the query (?build=...) only keeps the HTTP cache honest.
  // caches.match, not caches.open: a retired (deleted) cache is not created again.
  e.respondWith(caches.match(e.request, { cacheName: CACHE, ignoreSearch: true }).then((hit) => hit || fetch(e.request)));
});
`);
console.log(`postbuild: ${files.length} files precached as jieqi-${tag}; CSP with ${hashes.length} inline hash(es)`);
