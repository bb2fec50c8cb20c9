// Before every component test file: the page's public settings as the server writes them, the DOM matchers, an
// empty page after each test, and no network: a test that needs an answer gives it through the part's own seams.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { act, cleanup } from '@testing-library/preact';
import Uppy from '@uppy/core';
import { options } from 'preact';
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
// jsdom plays no media and prints "not implemented" for each load(), which a video letting go of its source calls.
HTMLMediaElement.prototype.load = () => {};

// Two timers may outlive a file's simulated page, and threw outside any test when a busy machine reached them after
// the page was gone: Uppy checks the connection 3 s after it is made (its destroy() leaves that timer), reading
// `window`; Preact runs effects after a paint on requestAnimationFrame or a 100 ms timer, whichever comes first, and
// the timer then cancels the frame with cancelAnimationFrame. The check is skipped without a page, and effects wait
// for a plain timer, whose callback skips parts already taken off the page.
const updateOnlineStatus = Uppy.prototype.updateOnlineStatus;
Uppy.prototype.updateOnlineStatus = function (this: Uppy) {
  if (typeof window !== 'undefined') updateOnlineStatus.call(this);
};
options.requestAnimationFrame = (callback) => void setTimeout(callback);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => Promise.reject(new Error(`A component test reached for the network: ${String(input)}`))),
  );
});
// user-event dispatches through the DOM testing library at the top of node_modules, not the copy
// @testing-library/preact brings and wraps: each event is wrapped here too, so that what it sets off (renders, and
// effects Preact would otherwise run after the next frame) is done when the event is.
configure({
  eventWrapper: (dispatch) => {
    let result: unknown;
    act(() => {
      result = dispatch();
    });
    return result;
  },
  asyncWrapper: async (run) => {
    let result: unknown;
    await act(async () => {
      result = await run();
    });
    return result;
  },
});

afterEach(() => {
  // In act, as the events: a part's clean-up (an upload stopped, a camera let go) is done before the next test.
  act(() => cleanup());
  vi.unstubAllGlobals();
});
