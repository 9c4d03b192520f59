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
