// Run `jieqi bench` compiled to WebAssembly (wasm32-wasip1) under Node, so
// the engine's wasm speed is known as a ratio of native.
// usage: node scripts/bench-wasm.mjs [DEPTH]
//   (after `make bench-wasm`'s build steps: cargo build --release --target
//   wasm32-wasip1 --bin jieqi, then wasm-opt -O3)
// JIEQI_WASM=FILE runs another build; otherwise the wasm-opt output
// jieqi.opt.wasm next to cargo's jieqi.wasm (CARGO_TARGET_DIR or target/).
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv, env } from 'node:process';
import { pathToFileURL } from 'node:url';

const targetDir = env.CARGO_TARGET_DIR
  ? pathToFileURL(env.CARGO_TARGET_DIR.replace(/\/?$/, '/'))
  : new URL('../target/', import.meta.url);
const path = env.JIEQI_WASM || new URL('wasm32-wasip1/release/jieqi.opt.wasm', targetDir);
const wasi = new WASI({ version: 'preview1', args: ['jieqi', 'bench', ...argv.slice(2)], env: {} });
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
