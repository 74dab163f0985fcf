import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgArray, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { authUser } from '../../../shared/api/auth';
import { MESSAGE_TYPES } from '../../../shared/api/chat';
import { MEDIA_KINDS } from '../../../shared/api/media';
import { NOTIFICATION_TYPES } from '../../../shared/api/notifications';
import { DIFFICULTIES, participationStatus, VISIBILITIES } from '../../../shared/api/pacts';
import { DATA_TYPES, deletionRequestResponse } from '../../../shared/api/privacy';
import { DECISIONS, PROOF_STATUSES } from '../../../shared/api/proofs';
import { resolveReportResponse } from '../../../shared/api/safety';
import {
  BILLING_PROVIDERS,
  DELETION_REQUEST_STATUSES,
  JOB_STATUSES,
  MEDIA_STATUSES,
  PARTICIPATION_STATUSES,
  REPORT_STATUSES,
  SUBSCRIPTION_STATUSES,
  USER_ROLES,
} from '../../../shared/domain/enums';
import { DIFFICULTY_LEVELS } from '../../../shared/domain/templates';
import * as schema from './index';

/**
 * Every value list the database stores has one source in shared/ (the contract, or shared/domain/enums.ts for
 * lists the contract does not spell out), and the copies that remain in the contract agree with it.
 */

/** Each enum column of the schema, as "table.column", and the shared list it must equal. */
const SOURCES: Record<string, readonly string[]> = {
  'chat_messages.type': MESSAGE_TYPES,
  'proofs.status': PROOF_STATUSES,
  'pacts.visibility': VISIBILITIES,
  'pacts.difficulty': DIFFICULTIES,
  'participations.status': PARTICIPATION_STATUSES,
  'notifications.type': NOTIFICATION_TYPES,
  'deletion_requests.data_types': DATA_TYPES,
  'deletion_requests.status': DELETION_REQUEST_STATUSES,
  'media.kind': MEDIA_KINDS,
  'media.status': MEDIA_STATUSES,
  'subscriptions.status': SUBSCRIPTION_STATUSES,
  'subscriptions.provider': BILLING_PROVIDERS,
  'users.role': USER_ROLES,
  'reports.status': REPORT_STATUSES,
  'jobs.status': JOB_STATUSES,
};

function enumColumns(): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    for (const column of Object.values(getTableColumns(table))) {
      const values = is(column, PgArray) ? column.baseColumn.enumValues : column.enumValues;
      if (values?.length) out[`${getTableName(table)}.${column.name}`] = values;
    }
  }
  return out;
}

describe('database enums', () => {
  it('come from shared/, one source per list, for every enum column', () => {
    const columns = enumColumns();
    expect(Object.keys(columns).sort()).toEqual(Object.keys(SOURCES).sort());
    for (const [name, values] of Object.entries(columns)) expect(values, name).toEqual([...SOURCES[name]!]);
  });
});

describe("the contract's own copies", () => {
  it('agree with the shared lists', () => {
    expect(authUser.shape.role.options).toEqual([...USER_ROLES]);
    expect(deletionRequestResponse.shape.status.options).toEqual([...DELETION_REQUEST_STATUSES]);
    expect(DIFFICULTY_LEVELS).toEqual([...DIFFICULTIES]);
  });

  it('name only values the database knows, where they are a subset on purpose', () => {
    // A participation the API shows is active or completed; 'left' ones are not shown.
    expect(PARTICIPATION_STATUSES).toEqual(expect.arrayContaining(participationStatus.options));
    // A resolved report is actioned or dismissed, never open again.
    expect(REPORT_STATUSES).toEqual(expect.arrayContaining(resolveReportResponse.shape.status.options));
    // A decision is a proof status other than pending.
    expect(PROOF_STATUSES.filter((s) => s !== 'pending')).toEqual([...DECISIONS]);
  });
});
