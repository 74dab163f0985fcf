// One side of bench/proof-trust.bench.mjs: posts proofs to an in-process app of the source tree given (this
// checkout, or an older commit's files) and prints the POST /proofs latencies as JSON. Not run on its own.
// Usage: node --import tsx bench/proof-posting-worker.mts <tree> <proofs> <bigVideoFile> <bigProofs>
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [tree, proofsArg, bigFile, bigArg] = process.argv.slice(2) as [string, string, string, string];
const load = (file: string) => import(path.join(tree, file));
const { buildApp } = await load('server/app.ts');
const { loadConfig } = await load('server/config.ts');
const { openDatabase } = await load('server/db/client.ts');
const { signUp } = await load('server/test/factories.ts');
const { createPactVia, call } = await load('server/modules/pacts/testing.ts');
const { fakeWebm, uploadMediaVia } = await load('server/modules/media/testing.ts');

// As server/test/app.ts builds a test app (without vitest): in-memory PGlite, migrated, files in a temp folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweatpact-bench-'));
const config = loadConfig(
  {},
  { NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_CLIENT: false, DATA_DIR: dataDir, DISABLE_RATE_LIMIT: true },
);
const database = await openDatabase({ dir: null });
await database.migrate();
const app = await buildApp({ config, database, logger: false });
await app.ready();
const t = {
  app,
  async close() {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
};
const creator = await signUp(t.app, { firstName: 'Cora' });
const pact = await createPactVia(t.app, creator, { title: 'Bench', workoutTime: null });
const members = [];
for (let i = 0; i < 10; i++) {
  const who = await signUp(t.app, { firstName: `M${i}` });
  await call(t.app, who, 'POST', `/api/challenges/${pact.id}/join`);
  members.push(who);
}
const withCodeWords =
  (await call(t.app, members[0], 'POST', `/api/challenges/${pact.id}/proof-challenge`)).status === 201;

async function postOne(who: unknown, video: Buffer): Promise<number> {
  const body: Record<string, unknown> = {};
  if (withCodeWords)
    body.codeWordId = (await call(t.app, who, 'POST', `/api/challenges/${pact.id}/proof-challenge`)).body.id;
  randomBytes(16).copy(video, video.length - 16);
  body.videoMediaId = await uploadMediaVia(t.app, who, video, { kind: 'proof', filetype: 'video/webm' });
  const t0 = performance.now();
  const res = await call(t.app, who, 'POST', `/api/challenges/${pact.id}/proofs`, body);
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`proof: ${res.status} ${JSON.stringify(res.body)}`);
  return ms;
}

const small: number[] = [];
for (let i = 0; i < Number(proofsArg); i++)
  small.push(await postOne(members[i % members.length], fakeWebm(3000)));
const big: number[] = [];
const bigBytes = fs.readFileSync(bigFile);
for (let i = 0; i < Number(bigArg); i++)
  big.push(await postOne(members[i % members.length], Buffer.from(bigBytes)));
await t.close();
console.log(JSON.stringify({ withCodeWords, small, big, bigBytes: bigBytes.length }));
