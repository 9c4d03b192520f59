// Run a wasm32-wasip1 program under Node's WASI, as cargo's runner for that
// target: `make test` runs the engine's unit tests so, compiled to wasm
// with 128-bit SIMD as the site is (the evaluation's vector path).
// usage: node scripts/wasi-run.mjs PROGRAM.wasm [ARG...]
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv, env, exit } from 'node:process';

const [file, ...args] = argv.slice(2);
if (!file) {
  console.error('usage: node scripts/wasi-run.mjs PROGRAM.wasm [ARG...]');
  exit(2);
}
const wasi = new WASI({ version: 'preview1', args: [file, ...args], env, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
