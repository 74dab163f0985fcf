/**
 * The Pacts service: reads in read-service.ts, create/edit/delete in edit-service.ts, join/leave/like/report in
 * membership-service.ts. `createPact` and `joinPact` are also what the demo seeder calls (no HTTP needed).
 */
export * from './edit-service';
export * from './membership-service';
export * from './read-service';
