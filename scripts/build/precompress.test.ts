import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressing the built client', () => {
  it('writes a brotli copy beside each script and style worth it, the same bytes once decompressed', async () => {
    const script = `console.log(${JSON.stringify('wazifa '.repeat(2000))});`;
    writeFileSync(path.join(dir, 'app-1.js'), script);
    writeFileSync(path.join(dir, 'app-2.css'), `.a{color:red}\n`.repeat(200));
    writeFileSync(path.join(dir, 'tiny-3.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'font-4.woff2'), Buffer.alloc(4096, 7));

    expect(await precompressAssets(dir)).toBe(2);
    expect(readdirSync(dir).filter((name) => name.endsWith('.br')).sort()).toEqual(['app-1.js.br', 'app-2.css.br']);
    const compressed = readFileSync(path.join(dir, 'app-1.js.br'));
    expect(compressed.byteLength).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(compressed).toString()).toBe(script);
  });
});
