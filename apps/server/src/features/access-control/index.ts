// What other features may use of access control: ending a staff member's door access when they leave.
export { markCredentialsRevoked } from './staff-access.repository';
export { revokeDoorAccessInKisi } from './staff-access.service';
