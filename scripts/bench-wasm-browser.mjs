// Run `jieqi bench` compiled to WebAssembly (wasm32-wasip1, the file
// `make bench-wasm` builds) inside headless Chromium, in a Web Worker as the
// page's AI runs, so the engine's speed in a real browser is known as a
// ratio of native. Node's WebAssembly engine is older than the browser's,
// so the two runs can differ: report both.
// usage: node scripts/bench-wasm-browser.mjs [DEPTH]
// JIEQI_WASM=FILE runs another build; CHROMIUM=PATH another browser.
import { readFile } from 'node:fs/promises';
import { argv, env } from 'node:process';
import { pathToFileURL } from 'node:url';
import { launch } from './chromium.mjs';

const targetDir = env.CARGO_TARGET_DIR
  ? pathToFileURL(env.CARGO_TARGET_DIR.replace(/\/?$/, '/'))
  : new URL('../target/', import.meta.url);
const path = env.JIEQI_WASM || new URL('wasm32-wasip1/release/jieqi.opt.wasm', targetDir);
const wasm = await readFile(path);
const args = ['jieqi', 'bench', ...argv.slice(2)];

// A WASI preview1 subset, enough for the bench: arguments, clocks, random
// bytes and standard output; everything else answers "not supported".
const worker = `
const ENOSYS = 52, EBADF = 8;
let memory, out = '';
const view = () => new DataView(memory.buffer);
const bytes = () => new Uint8Array(memory.buffer);
const args = ${JSON.stringify(args)}.map((a) => new TextEncoder().encode(a + '\\0'));
class Exit { constructor(code) { this.code = code; } }
const wasi = {
  args_sizes_get(count, size) {
    view().setUint32(count, args.length, true);
    view().setUint32(size, args.reduce((n, a) => n + a.length, 0), true);
    return 0;
  },
  args_get(argvp, buf) {
    for (const a of args) { view().setUint32(argvp, buf, true); argvp += 4; bytes().set(a, buf); buf += a.length; }
    return 0;
  },
  environ_sizes_get(count, size) { view().setUint32(count, 0, true); view().setUint32(size, 0, true); return 0; },
  environ_get() { return 0; },
  clock_time_get(id, precision, time) {
    const ms = id === 0 ? Date.now() : performance.timeOrigin + performance.now();
    view().setBigUint64(time, BigInt(Math.round(ms * 1e6)), true);
    return 0;
  },
  random_get(buf, len) { crypto.getRandomValues(bytes().subarray(buf, buf + len)); return 0; },
  fd_write(fd, iovs, n, written) {
    let total = 0;
    for (let i = 0; i < n; i++) {
      const p = view().getUint32(iovs + 8 * i, true), l = view().getUint32(iovs + 8 * i + 4, true);
      out += new TextDecoder().decode(bytes().slice(p, p + l));
      total += l;
    }
    view().setUint32(written, total, true);
    return 0;
  },
  fd_prestat_get() { return EBADF; },
  proc_exit(code) { throw new Exit(code); },
};
const imports = new Proxy(wasi, { get: (t, k) => t[k] || (() => ENOSYS) });
onmessage = async (e) => {
  const { instance } = await WebAssembly.instantiate(e.data, { wasi_snapshot_preview1: imports });
  memory = instance.exports.memory;
  let code = 0;
  try { instance.exports._start(); } catch (x) { if (x instanceof Exit) code = x.code; else { out += String(x); code = 1; } }
  postMessage({ out, code });
};
postMessage('ready');
`;

const browser = await launch();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(String(e)));
  const result = await page.evaluate(async ({ source, bytes }) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const w = new Worker(url);
    const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
    return new Promise((resolve, reject) => {
      w.onerror = (e) => reject(new Error(e.message));
      w.onmessage = (e) => {
        if (e.data === 'ready') w.postMessage(data, [data.buffer]);
        else resolve(e.data);
      };
    });
  }, { source: worker, bytes: wasm.toString('base64') });
  process.stdout.write(result.out);
  process.exitCode = result.code;
} finally {
  await browser.close();
}
