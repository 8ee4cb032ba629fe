// What other features use of the at-risk report: the list as of a day (the weekly digest's).
export { atRiskReport, keepEveryOrganisationsAtRiskLists } from './at-risk.service';
