//! The page: board, input and panels (wasm32 only).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    jieqi::web::start();
}
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() {
    eprintln!("the page binary runs in a browser: build it with trunk");
}
