import { z } from 'zod';
import { defineRoutes } from '../route';
import {
  advanceClockBody,
  billingClock,
  billingModeResponse,
  manageResponse,
  myTeam,
  subscribeResponse,
  subscriptionView,
  teamIdParams,
  teamPage,
  teamSummary,
  testCardBody,
  updateTeamBody,
  waitlistBody,
  waitlistResponse,
} from '../teams';

const NO_TEAM = 'No such team.';
const NO_SUBSCRIPTION = 'No such team, or the caller has no subscription to it.';
const ADMIN_ONLY = 'Also for anyone who is not an admin: the billing clock does not exist for them.';

/** Pro teams, subscriptions and the Pro Creator waitlist (docs/TEAMS.md). */
export const teamsRoutes = defineRoutes('teams', {
  list: {
    summary: 'Premium programs: every team with its coach, real member count, success rate and video count',
    auth: 'user',
    answers: { 200: z.array(teamSummary) },
  },
  mine: {
    summary: 'Teams the caller coaches or has access to, with member counts',
    auth: 'user',
    answers: { 200: z.array(myTeam) },
  },
  get: {
    summary: "A team's page: coach, what members get, its Pacts and the caller's subscription",
    auth: 'user',
    params: teamIdParams,
    answers: { 200: teamPage },
    errors: { 404: NO_TEAM },
  },
  update: {
    summary: "Edit the caller's own team: name, description, monthly price (5 to 199 dollars)",
    description: 'A new price applies to new subscriptions and to the next renewal of current ones.',
    auth: 'user',
    params: teamIdParams,
    body: updateTeamBody,
    answers: { 200: teamPage },
    errors: { 404: 'No such team of the caller.' },
  },
  subscribe: {
    summary: 'Start the 7-day free trial (first time) or subscribe again after an ended subscription',
    description:
      'Test mode answers the subscription at once. Stripe answers a Checkout URL; the subscription appears when ' +
      'its webhook arrives. A returning member (their subscription ended) gets no second trial.',
    auth: 'user',
    params: teamIdParams,
    answers: { 200: subscribeResponse },
    errors: {
      400: 'Also: the caller coaches this team.',
      403: 'Verify your email address first (unverified and demo accounts).',
      404: NO_TEAM,
      409: 'The caller already has a trialing, active or past-due subscription to this team.',
    },
  },
  cancel: {
    summary: "Cancel the caller's subscription at the end of its period (access stays until then)",
    auth: 'user',
    params: teamIdParams,
    answers: { 200: subscriptionView },
    errors: { 404: NO_SUBSCRIPTION, 409: 'The subscription has already ended.' },
  },
  resume: {
    summary: 'Undo a cancel before the period ends',
    auth: 'user',
    params: teamIdParams,
    answers: { 200: subscriptionView },
    errors: {
      404: NO_SUBSCRIPTION,
      409: 'The subscription has already ended (subscribe again instead), or the team is closed to the member (its coach banned, or a block between them).',
    },
  },
  manage: {
    summary: "The billing provider's page to manage payment (Stripe portal), or null in test mode",
    auth: 'user',
    params: teamIdParams,
    answers: { 200: manageResponse },
    errors: { 404: NO_SUBSCRIPTION },
  },
  testCard: {
    summary: "Test mode: make the caller's simulated card fail (or work again) for this subscription",
    description:
      'While it fails, renewals fail and the subscription goes past due; switching it back retries a past-due ' +
      'payment at once.',
    auth: 'user',
    params: teamIdParams,
    body: testCardBody,
    answers: { 200: subscriptionView },
    errors: { 404: NO_SUBSCRIPTION, 409: 'Not in test mode, or the subscription has ended.' },
  },
  joinWaitlist: {
    summary: 'Join the Pro Creator waitlist (once per mailbox; again is not an error)',
    auth: 'user',
    body: waitlistBody,
    answers: { 200: waitlistResponse },
    errors: {
      403: 'Verify your email address first (unverified and demo accounts).',
      429: 'Too many waitlist requests; try again later.',
    },
  },
  waitlist: {
    summary: 'How many are on the Pro Creator waitlist, and whether the caller is',
    auth: 'user',
    answers: { 200: waitlistResponse },
  },
});

/** The billing provider in use and the test-mode billing clock (docs/TEAMS.md). */
export const billingRoutes = defineRoutes('billing', {
  mode: {
    summary: "The billing provider: 'test' (no real charges) or 'stripe', and the billing clock's now",
    auth: 'user',
    answers: { 200: billingModeResponse },
  },
  clock: {
    summary: 'The test-mode billing clock (admins only)',
    auth: 'user',
    answers: { 200: billingClock },
    errors: { 404: ADMIN_ONLY },
  },
  advanceClock: {
    summary: 'Move the test-mode billing clock forward and run what falls due (admins only, test mode only)',
    description:
      'Renewals, failed payments, grace ends and period ends due by the new time are applied before it answers. ' +
      'Zero (no part given) moves nothing and applies what is due now.',
    auth: 'user',
    body: advanceClockBody,
    answers: { 200: billingClock },
    errors: { 404: ADMIN_ONLY, 409: 'Not in test mode: the Stripe clock cannot be moved.' },
  },
});
