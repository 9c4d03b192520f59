// The wasm/native speed ratio of `jieqi bench`, robust to a noisy host:
// native and wasm (under Node) runs alternate ROUNDS times, and each side
// keeps its fastest run (noise only ever slows a run down), so the ratio
// is of the two best rates, printed with every run's rate.
// usage: node scripts/wasm-ratio.mjs [DEPTH] [ROUNDS]
//   after the native release build and `make bench-wasm`'s wasm build steps
//   (cargo build --release --target wasm32-wasip1 --bin jieqi, wasm-opt -O3)
// JIEQI_NATIVE=FILE and JIEQI_WASM=FILE pick other builds.
import { execFileSync } from 'node:child_process';
import { argv, env, exit } from 'node:process';
import { fileURLToPath } from 'node:url';

const depth = argv[2] ?? '7';
const rounds = Number(argv[3] ?? '5');
if (!/^[1-9][0-9]?$/.test(depth) || !Number.isInteger(rounds) || rounds < 1 || rounds > 100) {
  console.error('usage: node scripts/wasm-ratio.mjs [DEPTH 1-99] [ROUNDS 1-100]');
  exit(2);
}
const target = env.CARGO_TARGET_DIR ?? fileURLToPath(new URL('../target', import.meta.url));
const native = env.JIEQI_NATIVE ?? `${target}/release/jieqi`;
const wasmBench = fileURLToPath(new URL('bench-wasm.mjs', import.meta.url));

// One bench run: its node count and rate.
function run(file, args) {
  const out = execFileSync(file, args, { encoding: 'utf8', env });
  const nodes = out.match(/Nodes searched: (\d+)/);
  const rate = out.match(/Nodes\/second: (\d+)/);
  if (!nodes || !rate) throw new Error(`no bench figures from ${file}:\n${out}`);
  return { nodes: Number(nodes[1]), rate: Number(rate[1]) };
}

const rates = { native: [], wasm: [] };
for (let i = 0; i < rounds; i++) {
  const n = run(native, ['bench', depth]);
  const w = run(process.execPath, ['--no-warnings', wasmBench, depth]);
  if (n.nodes !== w.nodes) {
    console.error(`the builds differ: ${n.nodes} nodes native, ${w.nodes} as wasm`);
    exit(1);
  }
  rates.native.push(n.rate);
  rates.wasm.push(w.rate);
  console.log(`round ${i + 1}: native ${n.rate} nodes/s, wasm ${w.rate} nodes/s (${n.nodes} nodes)`);
}
const best = (xs) => Math.max(...xs);
const ratio = best(rates.wasm) / best(rates.native);
console.log(
  `best of ${rounds}: native ${best(rates.native)}, wasm ${best(rates.wasm)} nodes/s; ` +
    `wasm/native ${ratio.toFixed(3)}`,
);
