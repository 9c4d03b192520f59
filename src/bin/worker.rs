//! The AI Web Worker (wasm32 only).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    jieqi::web::worker::start();
}
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() {
    eprintln!("the worker binary runs in a browser: build it with trunk");
}
