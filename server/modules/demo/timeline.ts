import fs from 'node:fs';
import path from 'node:path';
import { sampleVideoFor } from '../../../shared/domain/templates';
import { addDays } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import { rootDir } from '../../paths';
import { newStorageKey, storageFor } from '../../platform/storage';
import { insertSeedMessages } from '../chat/service';
import { storeReadyMedia } from '../media/service';
import { recomputeUsers } from '../progress/service';
import { seedProof } from '../proofs/service';
import { DEMO_PACTS, DEMO_PROOFS, type DemoFriendKey } from './sandbox-data';

const samplesDir = path.join(rootDir, 'client', 'public', 'samples');

type Who = 'me' | DemoFriendKey;

/**
 * The sandbox's chats: messages and proofs inserted oldest first (so ids increase with time, as in a real
 * chat). Each proof gets the sample clip and poster of its exercise, stored once per person as their own
 * media. Then everyone's streaks and points are recomputed from the approved proofs.
 */
export async function seedDemoTimeline(
  ctx: AppContext,
  ids: Record<Who, string>,
  pactIds: number[],
  today: string,
) {
  const storage = storageFor(ctx);
  const stored = new Map<string, { video: string; thumb: string }>();
  const mediaFor = async (who: Who, exerciseType: string) => {
    const key = sampleVideoFor(exerciseType);
    const cacheKey = `${who}:${key}`;
    const hit = stored.get(cacheKey);
    if (hit) return hit;
    const files = { video: newStorageKey(), thumb: newStorageKey() };
    const video = fs.readFileSync(path.join(samplesDir, `${key}.mp4`));
    const thumb = fs.readFileSync(path.join(samplesDir, `${key}.jpg`));
    await storage.put(files.video, video, video.length);
    await storage.put(files.thumb, thumb, thumb.length);
    await storeReadyMedia(ctx, [
      {
        id: files.video,
        ownerId: ids[who],
        kind: 'proof',
        contentType: 'video/mp4',
        sizeBytes: video.length,
      },
      {
        id: files.thumb,
        ownerId: ids[who],
        kind: 'thumbnail',
        contentType: 'image/jpeg',
        sizeBytes: thumb.length,
      },
    ]);
    stored.set(cacheKey, files);
    return files;
  };

  const now = Date.now();
  type Entry = { at: number; insert: () => Promise<void> };
  const timeline: Entry[] = [];
  DEMO_PACTS.forEach((pact, i) => {
    for (const m of pact.chat) {
      const at = now - m.minutesAgo * 60_000;
      timeline.push({
        at,
        insert: () =>
          insertSeedMessages(ctx, pactIds[i]!, [
            { userId: ids[m.from], body: m.text, createdAt: new Date(at) },
          ]),
      });
    }
  });
  for (const proof of DEMO_PROOFS) {
    const pact = DEMO_PACTS[proof.pact]!;
    // Past proofs a whole number of days ago; today's an hour ago.
    const at = proof.daysAgo === 0 ? now - 3600_000 : now - proof.daysAgo * 86400_000;
    timeline.push({ at, insert: () => insertProof(proof, pact, at) });
  }
  const insertProof = async (
    proof: (typeof DEMO_PROOFS)[number],
    pact: (typeof DEMO_PACTS)[number],
    at: number,
  ) => {
    const files = await mediaFor(proof.from, pact.exerciseType);
    await seedProof(ctx, {
      pactId: pactIds[proof.pact]!,
      userId: ids[proof.from],
      videoMediaId: files.video,
      thumbnailMediaId: files.thumb,
      value: pact.targetValue,
      recordedDay: addDays(today, -proof.daysAgo),
      status: proof.status,
      decidedById: proof.decidedBy ? ids[proof.decidedBy] : null,
      postedAt: new Date(at),
      sample: true,
    });
  };
  timeline.sort((a, b) => a.at - b.at);
  for (const entry of timeline) await entry.insert();
  await recomputeUsers(ctx, Object.values(ids));
}
