/**
 * Whether this page arrived as HTML rendered by the server (the public pages do: docs/decisions/0051). The app then
 * shows it at once as a visitor sees it, while it learns who is signed in, so what it renders first is what the
 * server rendered. True in the server's renderer itself, which renders every page as a visitor's.
 */
export const pageArrivedRendered: boolean = typeof document === 'undefined' || Boolean(document.getElementById('root')?.hasChildNodes());
