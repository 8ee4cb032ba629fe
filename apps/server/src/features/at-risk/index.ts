// What other features use of the at-risk report: the list as of a day (the weekly digest's).
export { atRiskReport } from './at-risk.service';
