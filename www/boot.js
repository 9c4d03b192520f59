// Before the app (index.html loads it first, in <head>): what the browser
// must be able to run, the service worker's retire switch and the boot
// watchdog.
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
  // What the app's wasm needs: WebAssembly's 128-bit SIMD and reference
  // types, compiled under the page's CSP ('wasm-unsafe-eval'): Chrome and
  // Edge 97, Firefox 102, Safari 16.4 and later. A browser without them (or
  // with WebAssembly turned off) cannot run the game: it is told so, in the
  // player's language, where the game would be (no watchdog reload, which
  // could not help). First of all: nothing above may fail in an old browser.
  // The probe: an externref table and a function returning
  // i8x16.popcnt(i8x16.splat(0)).
  var probe = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
    4, 4, 1, 111, 0, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);
  var words = {
    en: 'This browser cannot run the game: it needs WebAssembly with SIMD (Chrome or Edge 97, Firefox 102, Safari 16.4, iOS 16.4 or later). Update it, or turn WebAssembly back on.',
    fr: 'Ce navigateur ne peut pas faire tourner le jeu\u00a0: il lui faut WebAssembly avec SIMD (Chrome ou Edge 97, Firefox 102, Safari 16.4, iOS 16.4 ou plus récent). Mettez-le à jour, ou réactivez WebAssembly.',
    vi: 'Trình duyệt này không chạy được trò chơi: cần WebAssembly có SIMD (Chrome hoặc Edge 97, Firefox 102, Safari 16.4, iOS 16.4 trở lên). Hãy cập nhật, hoặc bật lại WebAssembly.',
    zh: '此浏览器无法运行游戏：需要支持 SIMD 的 WebAssembly（Chrome 或 Edge 97、Firefox 102、Safari 16.4、iOS 16.4 或更新版本）。请更新浏览器，或重新开启 WebAssembly。'
  };
  // The watchdog's last word, when the app did not start even after its reload.
  var failed = {
    en: 'The game could not load. Check the connection, then reload the page.',
    fr: 'Le jeu n\u2019a pas pu se charger. Vérifiez la connexion, puis rechargez la page.',
    vi: 'Không tải được trò chơi. Hãy kiểm tra kết nối rồi tải lại trang.',
    zh: '游戏未能加载。请检查网络连接，然后重新加载页面。'
  };
  var unsupported = false;
  function language() {
    // The language the player chose in the game, else the browser's (as the game picks it).
    var tags = [];
    try { tags.push(JSON.parse(localStorage.getItem('jieqi.settings.v1') || '{}').lang); } catch (e) {}
    tags.push(navigator.language);
    for (var i = 0; i < tags.length; i++) {
      var l = String(tags[i] || '').slice(0, 2).toLowerCase();
      if (words[l]) return l;
    }
    return 'en';
  }
  function refuse() {
    if (unsupported) return;
    unsupported = true;
    var show = function () {
      var app = document.getElementById('app');
      if (!app) return;
      var lang = language();
      var box = document.createElement('section');
      box.id = 'unsupported';
      box.setAttribute('role', 'alert');
      box.lang = lang;
      var title = document.createElement('h1');
      title.textContent = 'Jieqi · 揭棋 · Cờ úp';
      title.style.fontSize = '1.4rem';
      var text = document.createElement('p');
      text.textContent = words[lang];
      box.appendChild(title);
      box.appendChild(text);
      var st = box.style;
      st.maxWidth = '30em'; st.margin = '3em auto'; st.padding = '1em 1.25em';
      st.border = '2px solid currentColor'; st.borderRadius = '8px'; st.lineHeight = '1.5';
      // Nothing else of the game: its buttons could do nothing.
      while (app.firstChild) app.removeChild(app.firstChild);
      app.style.display = 'block';
      app.appendChild(box);
      document.documentElement.setAttribute('data-unsupported', 'wasm');
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show); else show();
  }
  var capable = false;
  try { capable = typeof WebAssembly === 'object' && WebAssembly.validate(probe); } catch (e) {}
  if (!capable) { refuse(); return; }
  // Validation knows nothing of the CSP: compiling does.
  try { WebAssembly.compile(probe).catch(refuse); } catch (e) { refuse(); return; }
  // ?sw=off: retire the service worker and its caches in this browser.
  // (After the probe: a browser too old for URLSearchParams is told so first.)
  if (!framed && new URLSearchParams(location.search).get('sw') === 'off') {
    clearOffline().then(function () { document.documentElement.setAttribute('data-sw', 'off'); });
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
    if (unsupported) { clearInterval(timer); clearTimeout(dog); return; }
    if (started()) { clearInterval(timer); clearTimeout(dog); try { sessionStorage.removeItem(KEY); } catch (e) {} }
    else if (refused()) { clearTimeout(dog); recover(); }
  }, 500);
  var dog = setTimeout(recover, 12000);
  function recover() {
    clearInterval(timer);
    if (started() || unsupported) return;
    var tried = false;
    try { tried = sessionStorage.getItem(KEY) === '1'; sessionStorage.setItem(KEY, '1'); } catch (e) { tried = true; }
    if (tried) {
      console.error('jieqi: the app did not start (already reloaded once)');
      // Say so where the game shows its state; the app writes over it if it starts after all.
      var status = document.getElementById('status');
      if (status) status.textContent = failed[language()];
      return;
    }
    console.warn('jieqi: the app did not start; clearing the offline copy and reloading');
    // Offline, the cached copy is all there is: keep it, just reload.
    (navigator.onLine ? clearOffline() : Promise.resolve()).then(function () { location.reload(); });
  }
})();
