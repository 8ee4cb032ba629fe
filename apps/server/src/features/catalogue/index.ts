// What other features may use of the catalogue: whether a person may join on a price (and by which link).
export { findJoinablePrice, findPriceByLinkToken } from './prices.repository';
