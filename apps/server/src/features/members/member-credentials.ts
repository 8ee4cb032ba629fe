// A member's door credentials (spec "Member": access_control_credentials): read for the member's detail
// and for GET /api/members/{id}/access-control-credentials, one query for the member.
import type { AccessCredential } from '@gym/domain/api/members';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { iso, isoOrNull } from '../../http/instants';

export interface CredentialRow {
  id: number;
  place_row_id: number;
  place_name: string;
  place_id: string;
  status: 'active' | 'revoked';
  external_user_id: string | null;
  login_id: string | null;
  role_assignment_id: string | null;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  updated_at: Date | string;
}

/** The member's credentials, newest change first: the statement, for composing. */
export const credentialsSql = (organisationId: number, userId: number) =>
  sql`select ac.id::int, pl.id::int as place_row_id, pl.name as place_name, pl.place_id, ac.status,
          ac.external_user_id, ac.login_id, ac.role_assignment_id, ac.valid_from, ac.valid_until, ac.updated_at
        from access_credentials ac join places pl on pl.id = ac.place_id
        where ac.organisation_id = ${organisationId} and ac.user_id = ${userId}
        order by ac.updated_at desc, ac.id desc`;

export function credentials(db: Executor, organisationId: number, userId: number) {
  return queryRows<CredentialRow>(db, credentialsSql(organisationId, userId));
}

export const presentCredential = (c: CredentialRow): AccessCredential => ({
  id: c.id,
  place: { id: c.place_row_id, name: c.place_name, place_id: c.place_id },
  status: c.status,
  kisi_user_id: c.external_user_id,
  login_id: c.login_id,
  has_door_access: c.status === 'active' && c.role_assignment_id !== null,
  valid_from: isoOrNull(c.valid_from),
  valid_until: isoOrNull(c.valid_until),
  updated_at: iso(c.updated_at),
});
