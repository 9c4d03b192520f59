//! The page: board, input and panels (wasm32 only).
#[cfg(target_arch = "wasm32")]
fn main() {
    jieqi::web::app::start();
}
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the page binary runs in a browser: build it with trunk");
}
