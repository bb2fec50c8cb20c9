// The browser's first number formatter costs more than all later ones together: it gathers the languages it has data
// for (about 25-45 ms on this machine's Chromium, four times that on a slow phone). This small script, loaded beside
// the app, pays that once the page has been painted, while the app's code is still on its way over a slow network,
// instead of in the middle of the app's first render (docs/decisions/0051).
requestAnimationFrame(() =>
  setTimeout(() => {
    new Intl.NumberFormat(document.documentElement.lang || 'en').format(0);
  }, 0),
);
