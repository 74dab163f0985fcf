/**
 * The Pacts service, the module's door for routes and other modules: reads in read-service.ts, create/edit/delete
 * in edit-service.ts, join/leave/like/report in membership-service.ts, and what other modules' bookkeeping needs
 * in bookkeeping-service.ts. Rules live in policy.ts.
 */
export * from './bookkeeping-service';
export * from './edit-service';
export * from './membership-service';
export type { PactAccess } from './prepared';
export * from './read-service';
export type { PactRow } from './repo';
