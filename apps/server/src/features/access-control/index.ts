// What other features may use of access control: ending a staff member's door access when they leave.

export { placeOfGym } from './access-control.repository';
export { kisiFor } from './integration.service';
export { markCredentialsRevoked } from './staff-access.repository';
export { revokeDoorAccessInKisi } from './staff-access.service';
