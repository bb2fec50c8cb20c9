import { useEffect } from 'react';
import { notePageShown } from '@/lib/page-shown';
import { publicConfig } from '@/lib/public-config';

/**
 * Sets the browser tab's title: '{page} | {product}', or the product alone. Every page sets it once it is on the
 * screen with its texts, which is what waits for it may start (lib/page-shown.ts).
 */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${publicConfig.productName}` : publicConfig.productName;
    notePageShown();
  }, [title]);
}
