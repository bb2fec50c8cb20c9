import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeroArt } from './hero-art';

// Everything the hero draws lives in these two files: their size is the picture's cost on a job seeker's first page.
const ART_FILES = [new URL('./hero-art.tsx', import.meta.url), new URL('./hero-art.svg', import.meta.url)];
const BUDGET_BYTES = 100 * 1024;

afterEach(() => vi.restoreAllMocks());

describe("the hero's picture", () => {
  it('weighs less than 100 KB, raw and compressed', () => {
    const source = Buffer.concat(ART_FILES.map((file) => readFileSync(file)));
    expect(source.byteLength).toBeLessThan(BUDGET_BYTES);
    expect(gzipSync(source).byteLength).toBeLessThan(BUDGET_BYTES);
  });

  it('renders on the server, with no page, the same every time', () => {
    expect(typeof window).toBe('undefined');
    const noRandom = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random during render');
    });
    const noClock = vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now during render');
    });
    const first = renderToString(createElement(HeroArt));
    const second = renderToString(createElement(HeroArt));
    expect(second).toBe(first);
    expect(first).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(noRandom).not.toHaveBeenCalled();
    expect(noClock).not.toHaveBeenCalled();
  });
});
