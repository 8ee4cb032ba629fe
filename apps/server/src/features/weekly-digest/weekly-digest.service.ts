// The weekly digest (issue 29): on Monday from 7:00 am in Auckland, each organisation admin who has not
// switched it off gets the week's joins, cancellations, money collected, what is owed and who is at risk,
// with links to the reports. Queued in the mail outbox under one key per admin and week, so any number
// of workers, ticks and clock journeys queue it once; whoever drains the outbox next sends it.
import { reasonsInWords } from '@gym/domain/at-risk';
import { type DigestWeek, digestDue } from '@gym/domain/weekly-digest';
import type { AppDeps } from '../../app-deps';
import { queueMail } from '../../mail/outbox';
import { weeklyDigestMail } from '../../mail/templates';
import { atRiskReport } from '../at-risk';
import { digestRecipients, queuedKeys, weekFigures } from './weekly-digest.repository';

/** The people at risk named in the mail; the rest are counted. */
const AT_RISK_NAMED = 10;

type DigestDeps = Pick<AppDeps, 'db' | 'clock' | 'env'>;

export const digestKey = (organisationId: number, userId: number, week: DigestWeek) =>
  `weekly-digest:${organisationId}:user:${userId}:week:${week.monday}`;

/** Queues the digest due now (if one is) for every admin who has not had it; answers how many were new. */
export async function queueDueDigests(deps: DigestDeps): Promise<number> {
  const now = deps.clock.now();
  const week = digestDue(now);
  if (week === null) return 0;
  const recipients = await digestRecipients(deps.db);
  const queued = await queuedKeys(
    deps.db,
    recipients.map((r) => digestKey(r.organisation_id, r.user_id, week)),
  );
  const waiting = recipients.filter((r) => !queued.has(digestKey(r.organisation_id, r.user_id, week)));
  let made = 0;
  for (const organisationId of new Set(waiting.map((r) => r.organisation_id))) {
    const admins = waiting.filter((r) => r.organisation_id === organisationId);
    const figures = await weekFigures(deps.db, organisationId, week.from, week.through);
    const atRisk = await atRiskReport(
      deps,
      { organisationId, gymIds: null },
      { page: 1, per_page: AT_RISK_NAMED },
    );
    const base = deps.env.APP_URL.replace(/\/$/, '');
    const mails = admins.map((admin) => ({
      key: digestKey(organisationId, admin.user_id, week),
      template: 'weekly_digest',
      organisationId,
      userId: admin.user_id,
      to: admin.email,
      ...weeklyDigestMail({
        name: admin.name,
        organisationName: admin.organisation_name,
        from: week.from,
        through: week.through,
        joins: figures.joins,
        cancellations: figures.cancellations,
        collectedCents: figures.collected_cents,
        collectedPayments: figures.collected_payments,
        debtors: figures.debtors,
        owingCents: figures.owing_cents,
        atRiskTotal: atRisk.meta.total,
        atRisk: atRisk.data.map((m) => ({ name: m.user.name, reasons: reasonsInWords(m.reasons) })),
        reportsUrl: `${base}/reports`,
        atRiskUrl: `${base}/reports/at-risk`,
        settingsUrl: `${base}/staff/${admin.user_id}`,
      }),
    }));
    made += await queueMail(deps.db, mails, now);
  }
  return made;
}
