// What other features may use of gyms: finding a gym of the organisation, who may read or manage it, and
// its activity-log entry.

export { findGym, type GymRow, insertGymActivity } from './gyms.repository';
export { gymFor, roleAt } from './gyms.service';
