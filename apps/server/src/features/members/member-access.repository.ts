// Reads and writes of a member's door access (member-access.service.ts): the organisation's integration
// and the credential row a new Kisi login is kept in (the gym's Kisi place is access-control's placeOfGym).
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/** The organisation's access-control integration (its id and type), or null. */
export async function integrationOf(db: Executor, organisationId: number) {
  const [integration] = await queryRows<{ id: number; integration_type: string }>(
    db,
    sql`select id::int, integration_type from access_control_integrations where organisation_id = ${organisationId}`,
  );
  return integration ?? null;
}

/** Keeps a new Kisi login on the member's credential at the place (a new row holds no door right yet). */
export async function saveLogin(
  db: Executor,
  input: {
    organisationId: number;
    userId: number;
    placeId: number;
    kisiUserId: string;
    loginId: string;
    now: Date;
  },
) {
  await db.execute(
    sql`insert into access_credentials (organisation_id, user_id, place_id, external_user_id, login_id, status, updated_at)
        values (${input.organisationId}, ${input.userId}, ${input.placeId}, ${input.kisiUserId}, ${input.loginId}, 'revoked', ${input.now.toISOString()})
        on conflict (user_id, place_id) do update set login_id = excluded.login_id,
          external_user_id = excluded.external_user_id, updated_at = excluded.updated_at`,
  );
}
