//! The site's one wasm (wasm32 only): in the page, the board, input and
//! panels; in the AI Web Worker (which loads this same wasm), the search.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    if web_sys::window().is_some() {
        jieqi::web::start();
    } else {
        jieqi::web::worker::start();
    }
}
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() {
    eprintln!("the page binary runs in a browser: build it with trunk");
}
