// What the clock and the scheduler use of the weekly digest: queuing the one due now.
export { queueDueDigests } from './weekly-digest.service';
