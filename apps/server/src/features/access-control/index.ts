// What other features may use of access control: bringing a member's door access in line with their
// membership (the lifecycle's door checks), ending a staff member's door access when they leave, and the
// Kisi place of a gym (a member's page shows it).

export { placeOfGym } from './access-control.repository';
export { type DoorChange, syncDoorAccess } from './door-access.service';
export { kisiFor } from './integration.service';
export { markCredentialsRevoked } from './staff-access.repository';
export { revokeDoorAccessInKisi, revokeStaffDoorAccessOutside } from './staff-access.service';
