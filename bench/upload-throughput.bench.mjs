// Upload throughput: a 100 MB video through tus on a running server, against a plain stream copy of the same
// file on the same disk. Report only; exits 1 when an upload fails or the stored file is not the size sent.
// Usage: node bench/upload-throughput.bench.mjs [--mb=100] [--runs=3]

// Upload throughput: a 100 MB video through tus on a running server, against a plain stream copy of the same
// file on the same disk. Report only; exits 1 when an upload fails or the stored file is not the size sent.
// Usage: node bench/upload-throughput.bench.mjs [--mb=100] [--runs=3]
import fs, { createReadStream, createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { arg, firstOk, freePort, median, root, spawnGroup, tempDir, writeResult } from './lib.mjs';

const MB = 1024 * 1024;
const sizeMb = Number(arg('mb', '100'));
const runs = Number(arg('runs', '3'));
const CHUNK = 8 * MB; // as client/lib/upload.ts sends it

/** An EBML/webm head so the server's byte check accepts it, then 1 MB blocks of random bytes. */
function writeVideo(file, bytes) {
  const head = Buffer.from('1a45dfa3010000000000000f4282847765626d428781024287810218538067', 'hex');
  const block = Buffer.alloc(MB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, head);
  for (let written = head.length; written < bytes; ) {
    const n = Math.min(block.length, bytes - written);
    fs.writeSync(fd, block, 0, n);
    written += n;
  }
  fs.closeSync(fd);
}

function request(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    if (body && typeof body.pipe === 'function') body.pipe(req);
    else req.end(body);
  });
}

async function signUp(base, origin) {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'correct horse battery',
      dateOfBirth: '1990-05-17',
      firstName: 'Bench',
      lastName: 'Runner',
      timeZone: 'UTC',
    }),
  });
  if (res.status !== 200) throw new Error(`signup: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Creates a tus upload and sends the file in PATCHes of `chunk` bytes; answers the media id. */
async function tusUpload(base, headers, file, bytes, chunk) {
  const meta = `kind ${Buffer.from('tutorial').toString('base64')},filetype ${Buffer.from('video/webm').toString('base64')}`;
  const created = await request(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': bytes, 'upload-metadata': meta },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.body}`);
  const url = `${base}${created.headers.location}`;
  for (let offset = 0; offset < bytes; ) {
    const end = Math.min(bytes, offset + chunk);
    const res = await request(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': end - offset,
      },
      body: createReadStream(file, { start: offset, end: end - 1 }),
    });
    if (res.status !== 204) throw new Error(`patch at ${offset}: ${res.status} ${res.body}`);
    offset = Number(res.headers['upload-offset']);
  }
  return created.headers.location.split('/').pop();
}

const rate = (ms) => (sizeMb / (ms / 1000)).toFixed(1);

async function main() {
  const bytes = sizeMb * MB;
  const work = tempDir('upload-bench');
  const dataDir = path.join(work, 'data');
  const source = path.join(work, 'source.webm');
  writeVideo(source, bytes);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
      DISABLE_RATE_LIMIT: 'true',
    },
  });
  const samples = { copy: [], tusSingle: [], tusChunked: [] };
  try {
    await Promise.race([firstOk(`${base}/api/health`, performance.now()), server.died]);
    const origin = base;
    const headers = { cookie: await signUp(base, origin), origin };
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      const copy = path.join(work, `copy-${i}.webm`);
      await pipeline(createReadStream(source), createWriteStream(copy));
      samples.copy.push(performance.now() - t0);
      fs.rmSync(copy);

      for (const [name, chunk] of [
        ['tusSingle', bytes],
        ['tusChunked', CHUNK],
      ]) {
        t0 = performance.now();
        const id = await tusUpload(base, headers, source, bytes, chunk);
        samples[name].push(performance.now() - t0);
        const head = await fetch(`${base}/media/${id}`, {
          method: 'HEAD',
          headers: { cookie: headers.cookie },
        });
        if (head.status !== 200 || Number(head.headers.get('content-length')) !== bytes) {
          throw new Error(`stored file ${id}: ${head.status}, ${head.headers.get('content-length')} bytes`);
        }
        fs.rmSync(path.join(dataDir, 'media', id), { force: true });
      }
    }
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }

  const copyMs = median(samples.copy);
  const rows = [
    ['plain stream copy (same disk)', copyMs],
    ['tus, one PATCH', median(samples.tusSingle)],
    [`tus, ${CHUNK / MB} MB PATCHes (client)`, median(samples.tusChunked)],
  ];
  console.log(`\n${sizeMb} MB, median of ${runs} runs`);
  console.log(`${'path'.padEnd(34)} ${'ms'.padStart(8)} ${'MB/s'.padStart(8)} ${'vs copy'.padStart(8)}`);
  for (const [name, ms] of rows) {
    console.log(
      `${name.padEnd(34)} ${ms.toFixed(0).padStart(8)} ${rate(ms).padStart(8)} ${(copyMs / ms).toFixed(2).padStart(8)}`,
    );
  }
  const file = writeResult('upload-throughput', { sizeMb, runs, samplesMs: samples });
  console.log(`\nwrote ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
