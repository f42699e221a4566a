/* global document, addEventListener, removeEventListener */
// The landing page's loader (docs/decisions/013). The page arrives prerendered and readable; its
// scripts (React, Mantine, the page's code) are only needed to make it interactive. They start
// after the browser's first contentful paint, so they never compete with it for the network or
// the main thread, or at once when the visitor acts first (a key, a touch, a click, focus). A page
// opened in the background paints nothing until shown: after 3 s at the latest they start anyway.
// The web font's stylesheet (data-styles) starts with them: until then the text is drawn in a local
// font sized to match it (app/global.css, 'Inter Fallback').
// Plain JavaScript, no imports: it is copied into the build as it is (vite.config.ts).
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var styles = (me.getAttribute('data-styles') || '').split(' ').filter(Boolean);
  var started = false;
  var inputs = ['keydown', 'pointerdown', 'touchstart', 'focusin'];

  function addLink(rel, href) {
    var link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }

  function start() {
    if (started) return;
    started = true;
    inputs.forEach(function (type) {
      removeEventListener(type, start, true);
    });
    styles.forEach(function (href) {
      addLink('stylesheet', href);
    });
    preload.forEach(function (href) {
      addLink('modulepreload', href);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  inputs.forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true });
  });
  setTimeout(start, 3000);
  try {
    new PerformanceObserver(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: start at once.
    start();
  }
})();
