import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#shared/public-config.ts';

function readPublicConfig(): PublicConfig {
  const element = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page lacks its public configuration');
  return JSON.parse(element.textContent) as PublicConfig;
}

/**
 * Settings the server put into the page (product name, support e-mail, early-access offer). In the server's renderer
 * of the public pages there is no page to read: it fills this in before each page it renders (render-public-page.tsx).
 */
export const publicConfig: PublicConfig = typeof document === 'undefined' ? ({} as PublicConfig) : readPublicConfig();
