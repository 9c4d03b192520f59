// Trunk post_build hook: make dist/ an installable, offline, locked-down
// static site. Runs in Trunk's staging directory (TRUNK_STAGING_DIR).
//  - icons (PNG, drawn here, nothing downloaded) and manifest.webmanifest
//  - sw.js precaching every built file under a cache named by a content hash
//  - a Content-Security-Policy <meta> with the hash of Trunk's inline loader
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateSync } from 'node:zlib';

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
function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b; raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr),
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
html = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="${csp}">`);
html = html.replace('</head>', '  <link rel="manifest" href="./manifest.webmanifest">\n  <meta name="theme-color" content="#a3261b">\n  <link rel="apple-touch-icon" href="./icon-192.png">\n</head>');
writeFileSync(indexPath, html);

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
html = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  <meta name="jieqi-build" content="${tag}">`);
writeFileSync(indexPath, html);
const loaderPath = join(dir, 'worker_loader.js');
try {
  writeFileSync(loaderPath, `self.JIEQI_BUILD = '${tag}';\n${readFileSync(loaderPath, 'utf8')}`);
} catch (e) {
  console.warn(`postbuild: no worker_loader.js to stamp (${e.message})`);
}

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
