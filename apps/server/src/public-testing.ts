// The server's entry for test data and measurements outside apps/server (the cluster and crash scripts,
// the benchmarks): the test factories, the mail capture, the crash harness, and the list, export and
// search reads the benchmarks time. Not for the product's own code.

export { atRiskReport } from './features/at-risk';
export {
  activeUsers,
  chartDays,
  costAndVisitBreakdown,
  dashboardStats,
  userBreakdown,
} from './features/dashboard/dashboard.queries';
export { findMember, memberRecords } from './features/members/members.repository';
export { EXPORT_BATCH } from './features/members/members-export.routes';
export { exportBatch, listMembers } from './features/members/members-list.repository';
export { listPayments, paymentTotals } from './features/payments/payments.repository';
export { paymentsCsv } from './features/payments/payments-export';
export {
  churn,
  collections,
  debtors,
  forecast,
  monthPeriod,
  recurringRevenue,
} from './features/reports/reports.service';
export { searchMembers } from './features/search/search.repository';
export { SEARCH_LIMIT } from './features/search/search.routes';
export { listVisits, visitCounts, visitExportBatch } from './features/visits/visits.repository';
export { startMailCapture } from './mail/capture';
export { startJourney } from './seed/demo-journey';
export { type BillingMember, createBillingMembers } from './test/billing-members';
export { createOffering, createPrice } from './test/catalogue-factories';
export {
  type CrashReport,
  createCrashDatabase,
  createCrashPglite,
  runCrashTest,
} from './test/crash/billing-crash.test-support';
export { createMember, createTenant, TEST_PASSWORD } from './test/factories';
export { createDestinationAccount } from './test/gym-factories';
