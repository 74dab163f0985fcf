// The data of bench/mixed-load.bench.mjs, written by SQL into a migrated database: people with a session each,
// Pacts (a few thousand with members, the rest public and private Pacts nobody in the bench is in), chat messages
// (most in the member Pacts), proofs, blocks of a few authors. The session cookies are signed as better-auth signs them (HMAC-SHA256
// of the token with the server's secret), so the bench signs in 10,000 people without 10,000 password hashes.
import { createHmac } from 'node:crypto';

/** Members per member Pact, and member Pacts per person. */
const MEMBERS_PER_PACT = 15;
const PACTS_PER_PERSON = 3;

export const sessionCookie = (token, secret) =>
  `sweatpact.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;

/**
 * The Pacts person `p` (1-based) is a member of: the same rule as the seed's participations. Pact n of the seed has
 * the id `base + n` (the server's own start may have stored Pacts before it).
 */
export function memberPactsOf(p, people, base) {
  const m = memberPactCount(people);
  const step = Math.floor(m / PACTS_PER_PERSON);
  return Array.from({ length: PACTS_PER_PERSON }, (_, k) => base + ((p + k * step) % m) + 1);
}

const blocked = (people) => Math.max(1, Math.floor(people / 50));

export const memberPactCount = (people) => Math.floor((people * PACTS_PER_PERSON) / MEMBERS_PER_PACT);

/** Whether the seed's Pact n is one anyone may see: public and not hidden. */
export function isPublicPact(n) {
  return n % 10 < 8 && n % 200 !== 0;
}

/** The id of the seed's Pact 0 (Pact n is `base + n`). */
export async function pactBase(c) {
  const { rows } = await c.query("select id from pacts where title like 'Pact 1: %' order by id limit 1");
  if (!rows[0]) throw new Error('no seeded Pacts in this database');
  return rows[0].id - 1;
}

/** Seeds `c` (a pg client on the bench database). Answers the seconds it took. */
export async function seed(c, { people, pacts, messages }) {
  const t0 = performance.now();
  const m = memberPactCount(people);
  if (m > pacts) throw new Error(`${people} people need ${m} Pacts at least`);
  const step = Math.floor(m / PACTS_PER_PERSON);
  await c.query(`
    insert into users (id, email, username, first_name, last_name, time_zone, total_workouts, total_xp, level)
    select 'm-u' || g, 'm-u' || g || '@bench.local', 'mixed_user_' || g, 'First' || g, 'Last' || g,
           (array['UTC','Europe/Berlin','America/New_York','Asia/Tokyo'])[1 + g % 4],
           (random() * 300)::int, (random() * 5000)::int, 1 + (random() * 10)::int
    from generate_series(1, ${people}) g`);
  // People others blocked (one for each fifty people): they write some messages and own no Pact.
  await c.query(`
    insert into users (id, email, username, first_name, last_name)
    select 'm-x' || g, 'm-x' || g || '@bench.local', 'mixed_blocked_' || g, 'Blocked' || g, 'Last'
    from generate_series(1, ${blocked(people)}) g`);
  await c.query(`
    insert into sessions (id, token, user_id, expires_at)
    select 'm-s' || g, 'm-token-' || g, 'm-u' || g, now() + interval '30 days'
    from generate_series(1, ${people}) g`);
  // Member Pacts (1..m) are public and shown; the rest: mostly public, some friends-only or private, a few hidden.
  await c.query(`
    insert into pacts (title, description, creator_id, exercise_type, target_value, difficulty, workout_time,
                       schedule_days, total_days, visibility, thumbnail_url, is_hidden, participant_count,
                       like_count, created_at, updated_at)
    select 'Pact ' || g || ': ' || (array['Morning push-ups','Squat streak','Plank a day','Run club'])[1 + g % 4],
           'Show up every day for ' || (30 + g % 60) || ' days and keep each other honest.',
           'm-u' || (1 + (g * 7919) % ${people}),
           (array['push-ups','squats','plank','running'])[1 + g % 4], 10 + g % 50,
           (array['easy','medium','hard'])[1 + g % 3],
           case when g % 5 = 0 then null else lpad((5 + g % 16)::text, 2, '0') || ':30' end,
           array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'], 60 + g % 300,
           case when g <= ${m} then 'public' else
             (array['public','public','public','public','public','public','public','public','friends','private'])[1 + g % 10]
           end,
           null, g > ${m} and g % 200 = 0,
           case when g <= ${m} then ${MEMBERS_PER_PACT} else (random() * 60)::int end, (random() * 300)::int,
           now() - (${pacts} - g) * interval '1 minute', now() - (${pacts} - g) * interval '1 minute'
    from generate_series(1, ${pacts}) g order by g`);
  const base = await pactBase(c);
  await c.query(`
    insert into participations (pact_id, user_id, status, start_day)
    select ${base} + ((p + k * ${step}) % ${m}) + 1, 'm-u' || p, 'active', current_date - (p % 20)
    from generate_series(1, ${people}) p, generate_series(0, ${PACTS_PER_PERSON - 1}) k
    on conflict do nothing`);
  // Seven in ten messages in the member Pacts (by members), the rest over all Pacts; one in a hundred a proof.
  await c.query(`
    insert into chat_messages (pact_id, user_id, type, body, created_at)
    select ${base} + case when g % 10 < 7 then 1 + g % ${m} else 1 + (g * 31) % ${pacts} end,
           case when g % 50 = 7 then 'm-x' || (1 + g % ${blocked(people)}) else 'm-u' || (1 + g % ${people}) end,
           case when g % 100 = 0 then 'workout_proof' else 'message' end,
           'message number ' || g, now() - make_interval(secs => ${messages} - g)
    from generate_series(1, ${messages}) g`);
  await c.query(`
    insert into proofs (message_id, pact_id, user_id, value, status, recorded_day, created_at)
    select id, pact_id, user_id, 20, 'approved', created_at::date, created_at
    from chat_messages where type = 'workout_proof'`);
  // One person in ten blocked someone: that author's messages leave their chat pages.
  await c.query(`
    insert into blocks (blocker_id, blocked_id)
    select 'm-u' || g, 'm-x' || (1 + g % ${blocked(people)}) from generate_series(1, ${people}) g where g % 10 = 0`);
  await c.query('analyze');
  return (performance.now() - t0) / 1000;
}
