import { useEffect } from 'react';
import { publicConfig } from '@/lib/public-config';

/** Sets the browser tab's title: '{page} | {product}', or the product alone. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${publicConfig.productName}` : publicConfig.productName;
  }, [title]);
}
