import type { TeamPage } from '../../../shared/api/teams';
import { TRIAL_DAYS } from '../../../shared/domain/limits';
import type { AppContext } from '../../context';
import { billingProvider } from '../../platform/billing';
import { notFound } from '../../platform/errors';
import { visiblePactCards } from '../pacts/access';
import type { SessionUser } from '../session/guard';
import { presentSubscription } from '../teams/present';
import {
  accessOf,
  billingNow,
  findSubscription,
  findTeamFor,
  summary,
  TEAM_NOT_FOUND,
  type TeamRow,
  teamRow,
} from '../teams/service';
import { teamsTrialTaken } from '../teams/trials';

/*
 * A screen's composition (server/modules/layers.ts): a team's page shows its Pacts as cards, read from the Pacts
 * module, which sits above teams; the teams service stays the leaf Pacts call.
 */

/** What members get; the trial only where the caller could still have one (the coach sees the whole offer). */
function features(row: TeamRow, trialOffered: boolean): string[] {
  const pacts = row.pactIds.length;
  const coachName = row.coach.firstName ?? row.coach.username;
  const list = [
    `${pacts} team ${pacts === 1 ? 'Pact' : 'Pacts'} with their chat and live workouts`,
    `Proof reviews and direct messages with ${coachName}`,
  ];
  if (row.videoCount > 0) list.push(`${row.videoCount} workout ${row.videoCount === 1 ? 'video' : 'videos'}`);
  if (trialOffered) list.push(`${TRIAL_DAYS}-day free trial, cancel anytime`);
  return list;
}

export async function getTeam(ctx: AppContext, me: SessionUser, teamId: number): Promise<TeamPage> {
  await findTeamFor(ctx, me, teamId);
  const now = await billingNow(ctx);
  const row = await teamRow(ctx, me.id, teamId, now);
  if (!row) throw notFound(TEAM_NOT_FOUND);
  const subscription = await findSubscription(ctx.db, me.id, teamId);
  const access = await accessOf(ctx, me.id, row, now);
  const trialTaken = !subscription && (await teamsTrialTaken(ctx, me.email)).has(teamId);
  return {
    ...summary(row, me.id, access, trialTaken),
    // One trial per person and team (trials.ts): someone who subscribed before is not offered another.
    features: features(row, (!subscription && !trialTaken) || row.team.coachId === me.id),
    pacts: await visiblePactCards(ctx, me, row.pactIds),
    mySubscription: subscription ? presentSubscription(subscription, now) : null,
    billingMode: billingProvider(ctx).mode,
    createdAt: row.team.createdAt.toISOString(),
  };
}
