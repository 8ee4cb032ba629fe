// What other features may use of the join site: the facts GET /api/me tells it, and a photo's address.
export { profilePictureUrl } from './profile-picture.service';
export { joinFacts } from './registration.repository';
