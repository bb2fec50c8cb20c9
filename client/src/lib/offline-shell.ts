// Registers the offline shell's worker (sw.js, made by the production build: docs/decisions/0050-offline-shell.md),
// so a page opened later without a connection opens the app, which says it could not load, with Try again. Imported
// once, for this, by main.tsx.

/** After the page has loaded, so the worker and what it keeps do not compete with the first paint. */
function registerOfflineShell(): void {
  // Vite's dev server has no sw.js, and a worker there would keep stale code across hot reloads.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses it (private mode, storage full) opens pages as before: nothing to tell the reader.
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

registerOfflineShell();
