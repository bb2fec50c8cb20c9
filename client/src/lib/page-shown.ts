// The moment the first page is on the screen with its texts. What neither the first screen nor its first taps need
// (the language's fonts, the toasts' region) waits for it: asked for sooner, on a slow connection it took the
// bandwidth of the code and texts the page needs to work. Hydrating in turns ends with it (docs/decisions/0053).
let shown = false;
const waiting: (() => void)[] = [];

/** Runs `then` once the first page is on the screen with its texts, or at once if it already is. */
export function whenPageShown(then: () => void): void {
  if (shown) then();
  else waiting.push(then);
}

/** Called by every page once it is on the screen with its texts: each one sets its title then (usePageTitle). */
export function notePageShown(): void {
  if (shown) return;
  shown = true;
  for (const then of waiting.splice(0)) then();
}
