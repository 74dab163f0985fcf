import { z } from 'zod';
import { okResponse } from '../common';
import {
  challenge,
  challengeIdParams,
  challengePage,
  createChallengeBody,
  leaveResponse,
  likeResponse,
  listChallengesQuery,
  participant,
  participation,
  reportChallengeBody,
  updateChallengeBody,
} from '../pacts';
import { defineRoutes } from '../route';
import { participationsUserParams } from '../users';

const NOT_VISIBLE = 'No such Pact, or one the caller may not see (never 403, so existence does not leak).';

/** Pacts (docs/PACTS.md). The API says "challenge". */
export const pactsRoutes = defineRoutes('pacts', {
  list: {
    summary: 'Pacts the caller may see, newest first, in cursor pages',
    description: 'filter: all, friends (created by a friend), popular (more than 20 participants), mine.',
    auth: 'user',
    query: listChallengesQuery,
    answers: { 200: challengePage },
  },
  live: {
    summary: "Pacts whose workout may start now in the caller's time zone (the start window), own first",
    auth: 'user',
    answers: { 200: z.array(challenge) },
  },
  get: {
    summary: 'One Pact',
    auth: 'user',
    params: challengeIdParams,
    answers: { 200: challenge },
    errors: { 404: NOT_VISIBLE },
  },
  participants: {
    summary: "A Pact's participants",
    auth: 'user',
    params: challengeIdParams,
    answers: { 200: z.array(participant) },
    errors: { 404: NOT_VISIBLE },
  },
  create: {
    summary: 'Create a Pact; the caller joins it at once',
    auth: 'user',
    body: createChallengeBody,
    answers: { 201: challenge },
    errors: { 400: 'Also: tutorialMediaId is not a finished tutorial upload of the caller.' },
  },
  update: {
    summary: "Edit the caller's own Pact (at least one field)",
    auth: 'user',
    params: challengeIdParams,
    body: updateChallengeBody,
    answers: { 200: challenge },
    errors: {
      400: 'Also: tutorialMediaId is not a finished tutorial upload of the caller.',
      404: 'No such Pact of the caller.',
      409: 'The exercise, target and duration are fixed once someone else has joined.',
    },
  },
  remove: {
    summary: "Delete the caller's own Pact with its chat, proofs and media",
    auth: 'user',
    params: challengeIdParams,
    answers: { 200: okResponse },
    errors: { 404: 'No such Pact of the caller.' },
  },
  join: {
    summary: 'Join a Pact (again after leaving: day 1)',
    auth: 'user',
    params: challengeIdParams,
    answers: { 200: participation },
    errors: { 403: 'A Pro Pact needs a trial or subscription of its team.', 404: NOT_VISIBLE },
  },
  leave: {
    summary: 'Leave a Pact',
    auth: 'user',
    params: challengeIdParams,
    answers: { 200: leaveResponse },
    errors: { 404: NOT_VISIBLE, 409: 'The creator cannot leave their own Pact.' },
  },
  like: {
    summary: 'Like or unlike a Pact (toggles)',
    auth: 'user',
    params: challengeIdParams,
    answers: { 200: likeResponse },
    errors: { 404: NOT_VISIBLE, 429: 'More than 60 likes or unlikes a minute.' },
  },
  report: {
    summary: 'Report a Pact to the moderators (once per user)',
    auth: 'user',
    params: challengeIdParams,
    body: reportChallengeBody,
    answers: { 200: okResponse },
    errors: {
      400: 'Also: the caller created this Pact.',
      404: NOT_VISIBLE,
      409: 'Already reported by the caller.',
    },
  },
  myParticipations: {
    summary: "The caller's participations, each with its Pact",
    auth: 'user',
    answers: { 200: z.array(participation) },
  },
  userParticipations: {
    summary: "Another user's participations in Pacts the caller may see",
    auth: 'user',
    params: participationsUserParams,
    answers: { 200: z.array(participation) },
    errors: { 404: 'No such user, or one the caller may not see.' },
  },
  liked: {
    summary: 'Pacts the caller liked',
    auth: 'user',
    answers: { 200: z.array(challenge) },
  },
});
