// Before every component test file: the page's public settings as the server writes them, the DOM matchers, an
// empty page after each test, and no network: a test that needs an answer gives it through the part's own seams.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#shared/public-config.ts';

const publicConfig: PublicConfig = {
  productName: 'Wazifa',
  supportEmail: 'support@wazifa.example',
  salesEmail: 'sales@wazifa.example',
  earlyAccessEnd: '2026-12-31',
  earlyAccessActive: true,
  earlyAccessFormUrl: null,
  oidcProviderName: null,
  videoRecordSeconds: 90,
};
const element = document.createElement('script');
element.type = 'application/json';
element.id = PUBLIC_CONFIG_ELEMENT_ID;
element.textContent = JSON.stringify(publicConfig);
document.head.append(element);
document.documentElement.lang = 'en';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => Promise.reject(new Error(`A component test reached for the network: ${String(input)}`))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
