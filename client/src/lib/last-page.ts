// The page a signed-in person was last on in this browser, so a link opened from an e-mail in a new tab (the
// address confirmation) can lead them back to it. Kept with the account's id (a shared phone has several people),
// and only paths of this site.
const KEY = 'wazifa.lastPage';

export function rememberPage(userId: string, path: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ userId, path }));
  } catch {
    // No storage (private browsing): the link then leads to the person's home page.
  }
}

export function lastPage(userId: string): string | null {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { userId?: unknown; path?: unknown } | null;
    const path = saved?.userId === userId ? saved.path : null;
    return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
