// The `:id` of the address (/offerings/:id), or null when it is no id at all (the screen shows not found).
import { useParams } from 'react-router';

export function idFrom(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

export const useRouteId = (): number | null => idFrom(useParams().id);
