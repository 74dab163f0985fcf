// Proof you can trust, what it costs (docs/RULES.md "Proof you can trust"), side by side in one run:
// 1. A 30 s proof video (made with ffmpeg, 640x480 VP8 at 2 Mbit/s, as a phone records it): storing its bytes
//    alone, storing while the SHA-256 is computed over the same bytes (media/hashing-store.ts, at upload), and the
//    frame fingerprint (ffmpeg frames + dHash) that the proofs.fingerprint job computes after the answer.
// 2. POST /api/challenges/:id/proofs latency at 1,000 proofs (3 KB videos; then 30 proofs of the 30 s video), on an
//    in-process app (PGlite) of this checkout beside the same on the files of an older commit (default: the commit
//    before code words, --base=<commit>), each with its own fresh database.
// Needs ffmpeg. Usage: node bench/proof-trust.bench.mjs [--proofs=1000] [--big=30] [--runs=5] [--base=<commit>]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { arg, median, root, tempDir, writeResult } from './lib.mjs';

const proofs = Number(arg('proofs', '1000'));
const bigProofs = Number(arg('big', '30'));
const runs = Number(arg('runs', '5'));
const base = arg('base', 'ab4a853');

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

function makeVideo(file) {
  const made = spawnSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x480:rate=30:duration=30'],
    ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '2M', file],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr}`);
}

/** Part 1, in a child with tsx: store / store + SHA-256 / fingerprint of the same file, `runs` times each. */
function videoCosts(file, work) {
  const script = `
    import fs from 'node:fs';
    import { LocalStorage } from ${JSON.stringify(path.join(root, 'server/platform/storage/local.ts'))};
    import { newStorageKey } from ${JSON.stringify(path.join(root, 'server/platform/storage/keys.ts'))};
    import { createHash } from 'node:crypto';
    import { Transform } from 'node:stream';
    import { fingerprintOf } from ${JSON.stringify(path.join(root, 'server/modules/proofs/fingerprint.ts'))};
    const storage = new LocalStorage(${JSON.stringify(path.join(work, 'media'))});
    const out = { store: [], storeAndHash: [], fingerprint: [] };
    const log = { warn: (o, m) => console.error(m) };
    for (let i = 0; i < ${runs}; i++) {
      let key = newStorageKey();
      let t0 = performance.now();
      await storage.put(key, fs.createReadStream(${JSON.stringify(file)}));
      out.store.push(performance.now() - t0);
      await storage.delete(key);
      key = newStorageKey();
      t0 = performance.now();
      // As media/hashing-store.ts does it: the bytes pass through the hash on their way to the store.
      const hash = createHash('sha256');
      const tee = new Transform({ transform(chunk, _e, done) { hash.update(chunk); done(null, chunk); } });
      await storage.put(key, fs.createReadStream(${JSON.stringify(file)}).pipe(tee));
      if (hash.digest('hex').length !== 64) throw new Error('no hash');
      out.storeAndHash.push(performance.now() - t0);
      t0 = performance.now();
      const fp = await fingerprintOf(storage, key, log);
      out.fingerprint.push(performance.now() - t0);
      if (!fp) throw new Error('no fingerprint');
      await storage.delete(key);
    }
    console.log(JSON.stringify(out));`;
  const file2 = path.join(work, 'costs.mts');
  fs.writeFileSync(file2, script);
  return JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', file2], { cwd: root, encoding: 'utf8' }),
  );
}

/** The files of `commit` in a temporary folder, with this checkout's node_modules. */
function treeOf(commit, work) {
  const dir = path.join(work, `tree-${commit}`);
  fs.mkdirSync(dir);
  const tar = spawnSync('git', ['archive', commit], { cwd: root, maxBuffer: 1 << 30 });
  if (tar.status !== 0) throw new Error(`git archive ${commit}: ${tar.stderr}`);
  execFileSync('tar', ['-x', '-C', dir], { input: tar.stdout });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function posting(tree, bigFile) {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'bench/proof-posting-worker.mts'),
      tree,
      String(proofs),
      bigFile,
      String(bigProofs),
    ],
    { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  return JSON.parse(out.trim().split('\n').pop());
}

const work = tempDir('proof-trust-bench');
try {
  const video = path.join(work, 'thirty-seconds.webm');
  makeVideo(video);
  const size = fs.statSync(video).size;
  const costs = videoCosts(video, work);
  console.log(`\n1. A 30 s proof video (${(size / 1024 / 1024).toFixed(1)} MB), median of ${runs} runs`);
  const store = median(costs.store);
  for (const [name, xs] of [
    ['store the bytes (today)', costs.store],
    ['store + SHA-256 while writing (upload)', costs.storeAndHash],
    ['fingerprint: ffmpeg frames + dHash (job)', costs.fingerprint],
  ]) {
    console.log(
      `${name.padEnd(44)} ${median(xs).toFixed(1).padStart(8)} ms ${(median(xs) / store).toFixed(2).padStart(7)}x`,
    );
  }

  const old = posting(treeOf(base, work), video);
  const now = posting(root, video);
  console.log(
    `\n2. POST /proofs latency (in-process, PGlite), ${proofs} proofs of 3 KB, then ${bigProofs} of the 30 s video`,
  );
  console.log(
    `${'tree'.padEnd(34)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'30 s p50'.padStart(9)} ${'30 s p99'.padStart(9)}`,
  );
  for (const [name, r] of [
    [`before (${base}, no code words)`, old],
    ['now (code word, SHA-256, counted day)', now],
  ]) {
    console.log(
      `${name.padEnd(34)} ${pct(r.small, 50).toFixed(1).padStart(8)} ${pct(r.small, 99).toFixed(1).padStart(8)} ${pct(r.big, 50).toFixed(1).padStart(9)} ${pct(r.big, 99).toFixed(1).padStart(9)}`,
    );
  }
  const file = writeResult('proof-trust', { size, runs, costs, proofs, bigProofs, base, old, now });
  console.log(`\nwrote ${file}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
