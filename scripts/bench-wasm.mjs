// Run `jieqi bench` compiled to WebAssembly (wasm32-wasip1) under Node, so
// the engine's wasm speed is known as a ratio of native.
// usage: node scripts/bench-wasm.mjs [DEPTH]   (after: cargo build --release --target wasm32-wasip1 --bin jieqi)
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv } from 'node:process';

const path = new URL('../target/wasm32-wasip1/release/jieqi.wasm', import.meta.url);
const wasi = new WASI({ version: 'preview1', args: ['jieqi', 'bench', ...argv.slice(2)], env: {} });
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
