// What other features use of the search: the members a typed query finds (the front desk's lookup).
export { searchMembers } from './search.repository';
