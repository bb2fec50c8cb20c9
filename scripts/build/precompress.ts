// The client's scripts and styles, compressed once at build with brotli's best setting, beside each file (`x.js.br`):
// the server sends those to browsers that take brotli (server/http/client.ts). Compressing on each request, the
// server can only afford a fast setting, which is no smaller than gzip (docs/decisions/0051).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

/** Files worth it: text that is sent often and does not change (hashed names). Small ones gain nothing. */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;
const MIN_BYTES = 1024;

/** Writes `<file>.br` beside each compressible file of `dir` that brotli makes smaller; answers how many. */
export async function precompressAssets(dir: string): Promise<number> {
  const names = (await readdir(dir)).filter((name) => COMPRESSIBLE.test(name));
  // In parallel: zlib compresses on Node's thread pool.
  const written = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const content = await readFile(file);
      if (content.byteLength < MIN_BYTES) return false;
      const compressed = await compress(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
        },
      });
      if (compressed.byteLength >= content.byteLength) return false;
      await writeFile(`${file}.br`, compressed);
      return true;
    }),
  );
  return written.filter(Boolean).length;
}
