//! The AI Web Worker (wasm32 only).
#[cfg(target_arch = "wasm32")]
fn main() {
    jieqi::web::worker::start();
}
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker binary runs in a browser: build it with trunk");
}
