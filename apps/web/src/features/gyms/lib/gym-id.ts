// The gym id of a /gyms/{id} address: a positive whole number, or null (the screen then says not found).
export function gymIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
