import { useEffect } from 'react';
import { startLoadingFonts } from '@/lib/fonts';
import { publicConfig } from '@/lib/public-config';

/**
 * Sets the browser tab's title: '{page} | {product}', or the product alone. Every page sets it once it is on the
 * screen with its texts, which is also when the language's fonts may start to load.
 */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${publicConfig.productName}` : publicConfig.productName;
    startLoadingFonts();
  }, [title]);
}
