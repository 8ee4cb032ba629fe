// What other features may use of gyms: finding a gym of the organisation, who may read or manage it, and
// its activity-log entry, and its logo's file (the join site serves it to the public).

export { readLogo } from './gym-logo.service';
export { findGym, type GymRow, insertGymActivity } from './gyms.repository';
export { gymFor, roleAt } from './gyms.service';
