// Before the app (index.html loads it first, in <head>): the service
// worker's retire switch and the boot watchdog.
(function () {
  var framed = window.top !== window;
  var own = function (k) { return k.indexOf('jieqi-') === 0; };
  function clearOffline() {
    var jobs = [];
    if (navigator.serviceWorker) {
      jobs.push(navigator.serviceWorker.getRegistrations()
        .then(function (rs) { return Promise.all(rs.map(function (r) { return r.unregister(); })); }));
    }
    if (window.caches) {
      jobs.push(caches.keys().then(function (ks) { return Promise.all(ks.filter(own).map(function (k) { return caches.delete(k); })); }));
    }
    return Promise.all(jobs).catch(function () {});
  }
  // ?sw=off: retire the service worker and its caches in this browser.
  if (!framed && new URLSearchParams(location.search).get('sw') === 'off') {
    clearOffline().then(function () { document.documentElement.setAttribute('data-sw', 'off'); });
  }
  // The app's wasm uses WebAssembly's 128-bit SIMD (Chrome and Edge 91,
  // Firefox 89, Safari 16.4 and later). A browser without it cannot run
  // the game: say so, in its language, rather than stay on "Loading…"
  // (and no watchdog reload, which could not help).
  // The module: one function returning i8x16.popcnt(i8x16.splat(0)).
  var simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
    10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
  var capable = false;
  try { capable = typeof WebAssembly === 'object' && WebAssembly.validate(simd); } catch (e) {}
  if (!capable) {
    var words = {
      en: 'This browser is too old for the game: it needs WebAssembly SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or later).',
      fr: 'Ce navigateur est trop ancien pour le jeu\u00a0: il lui faut WebAssembly SIMD (Chrome ou Edge 91, Firefox 89, Safari 16.4 ou plus récent).',
      vi: 'Trình duyệt này quá cũ để chơi: cần WebAssembly SIMD (Chrome hoặc Edge 91, Firefox 89, Safari 16.4 trở lên).',
      zh: '此浏览器版本太旧，无法运行游戏：需要 WebAssembly SIMD（Chrome 或 Edge 91、Firefox 89、Safari 16.4 或更新版本）。'
    };
    var say = function () {
      var lang = (navigator.language || 'en').slice(0, 2).toLowerCase();
      var text = words[lang] || words.en;
      var status = document.getElementById('status');
      if (status) status.textContent = text;
      // And where the board would be, in full.
      var wrap = document.getElementById('board-wrap');
      if (wrap) {
        var note = document.createElement('p');
        note.id = 'unsupported';
        note.textContent = text;
        var st = note.style;
        st.maxWidth = '30em'; st.margin = '2em auto'; st.padding = '1em 1.25em';
        st.border = '2px solid currentColor'; st.borderRadius = '8px'; st.lineHeight = '1.5';
        wrap.replaceChildren(note);
      }
      document.documentElement.setAttribute('data-unsupported', 'wasm-simd');
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', say); else say();
    return;
  }
  // If the app has not started within 12 s, clear the offline copy and
  // reload, once per tab session (the flag stops a loop). A framed page
  // uses no storage, so it is left alone.
  if (framed) return;
  var KEY = 'jieqi.watchdog';
  var started = function () { return document.body && document.body.getAttribute('data-worker') === 'ready'; };
  // A worker from another build is refused by the page: recover at once.
  var refused = function () { return document.body && document.body.getAttribute('data-worker') === 'refused'; };
  var timer = setInterval(function () {
    if (started()) { clearInterval(timer); clearTimeout(dog); try { sessionStorage.removeItem(KEY); } catch (e) {} }
    else if (refused()) { clearTimeout(dog); recover(); }
  }, 500);
  var dog = setTimeout(recover, 12000);
  function recover() {
    clearInterval(timer);
    if (started()) return;
    var tried = false;
    try { tried = sessionStorage.getItem(KEY) === '1'; sessionStorage.setItem(KEY, '1'); } catch (e) { tried = true; }
    if (tried) { console.error('jieqi: the app did not start (already reloaded once)'); return; }
    console.warn('jieqi: the app did not start; clearing the offline copy and reloading');
    // Offline, the cached copy is all there is: keep it, just reload.
    (navigator.onLine ? clearOffline() : Promise.resolve()).then(function () { location.reload(); });
  }
})();
