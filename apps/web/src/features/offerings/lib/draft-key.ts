// Rows the person adds and removes (prices, opening hours) need keys that survive removal of a neighbour.
let next = 0;

export const draftKey = (): string => `draft-${++next}`;
