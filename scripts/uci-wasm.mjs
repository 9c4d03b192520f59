// The UCI engine compiled to WebAssembly (wasm32-wasip1) under Node, as a
// command for `jieqi match "uci:node scripts/uci-wasm.mjs"` or any UCI GUI:
// the engine's strength as wasm, against native engines at equal time.
// usage: node scripts/uci-wasm.mjs
//   (after `make bench-wasm`'s build steps: cargo build --release --target
//   wasm32-wasip1 --bin jieqi, then wasm-opt -O3)
// The build has no threads: a search runs in the command loop, so `go`
// answers before the next command is read and `stop` cannot end it; a `go`
// without a limit searches 10 s.
// JIEQI_WASM=FILE runs another build; otherwise the wasm-opt output
// jieqi.opt.wasm next to cargo's jieqi.wasm (CARGO_TARGET_DIR or target/).
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { env } from 'node:process';
import { pathToFileURL } from 'node:url';

const targetDir = env.CARGO_TARGET_DIR
  ? pathToFileURL(env.CARGO_TARGET_DIR.replace(/\/?$/, '/'))
  : new URL('../target/', import.meta.url);
const path = env.JIEQI_WASM || new URL('wasm32-wasip1/release/jieqi.opt.wasm', targetDir);
// stdin and stdout are the process's own: reads block until a line comes.
const wasi = new WASI({ version: 'preview1', args: ['jieqi', 'uci'], env: {} });
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
