import { findMember, memberRecords } from '../../apps/server/src/public-testing';
import { type BenchContext, recordStatements, type Scenario } from '../scenario';

// A member's page at the bench's size: one from the middle of the organisation (by id), with the two
// reads the route makes after the session's (the member, then their subscription, its extras, payment
// methods and door credentials in one statement).

async function middleMember(context: BenchContext) {
  const { rows } = await context.pool.query<{ user_id: number }>(
    `select user_id::int from organisation_members where organisation_id = $1 and deleted_at is null
     order by user_id offset (select count(*) / 2 from organisation_members where organisation_id = $1) limit 1`,
    [context.organisationId],
  );
  return rows[0]!.user_id;
}

export const scenarios: Scenario[] = [
  {
    name: 'member-detail',
    order: 42.5,
    session: 'admin',
    request: async (context) => ({ method: 'GET', path: `/api/members/${await middleMember(context)}` }),
    statements: async (context) => {
      const userId = await middleMember(context);
      return recordStatements(context.pool, async (db) => {
        await findMember(db, context.organisationId, userId);
        await memberRecords(db, context.organisationId, userId);
      });
    },
  },
];
