// Writes a .br (brotli, best quality) and a .gz (gzip level 9) beside every compressible file of the built client
// larger than 1 KB, once, at build time: @fastify/static serves them (preCompressed) to browsers that accept them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
export const MIN_BYTES = 1024;

export function precompressDir(dir) {
  let files = 0;
  let before = 0;
  let afterBr = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: 9 });
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    files += 1;
    before += bytes.length;
    afterBr += br.length;
  }
  return { files, before, afterBr };
}
