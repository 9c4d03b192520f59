// Run a wasm32-wasip1 program under Node's WASI, as cargo's runner for that
// target: `make test` runs the engine's unit tests so, compiled to wasm
// with 128-bit SIMD as the site is (the evaluation's vector path).
// usage: node scripts/wasi-run.mjs PROGRAM.wasm [ARG...]
// The program sees the file system as a native one would (`/` and the
// working directory); it exits with its own status, and this script with 2
// when it cannot run the program at all.
import { readFile } from 'node:fs/promises';
import process, { argv, cwd, env, exit } from 'node:process';

// Node calls WASI experimental on every run; that warning is noise here.
process.removeAllListeners('warning');
process.on('warning', (w) => { if (w.name !== 'ExperimentalWarning') console.warn(`${w.name}: ${w.message}`); });
const { WASI } = await import('node:wasi');

const [file, ...args] = argv.slice(2);
if (!file) {
  console.error('usage: node scripts/wasi-run.mjs PROGRAM.wasm [ARG...]');
  exit(2);
}
let instance, wasi;
try {
  wasi = new WASI({ version: 'preview1', args: [file, ...args], env, preopens: { '/': '/', '.': cwd() }, returnOnExit: true });
  const module = await WebAssembly.compile(await readFile(file));
  instance = await WebAssembly.instantiate(module, wasi.getImportObject());
} catch (e) {
  console.error(`wasi-run: cannot run '${file}': ${e.message}`);
  exit(2);
}
let status;
try {
  status = wasi.start(instance);
} catch (e) {
  // A trap (a panic aborts with `unreachable`) or a program WASI cannot start.
  console.error(`wasi-run: '${file}' stopped: ${e.message}`);
  exit(e instanceof WebAssembly.RuntimeError ? 101 : 2);
}
exit(status);
