// A membership's state as a badge in its card colour (both derived by the server from the domain rules).
import { SUBSCRIPTION_STATE_LABELS } from '@gym/domain/labels';
import { Badge } from '@mantine/core';
import type { MemberSubscription } from '../api/member-answers';

export const STATE_LABELS: Record<MemberSubscription['state'], string> = SUBSCRIPTION_STATE_LABELS;

export const CARD_COLOURS: Record<MemberSubscription['card_colour'], string> = {
  green: 'green',
  amber: 'yellow',
  red: 'red',
};

export function StateBadge({
  state,
  colour,
}: {
  state: MemberSubscription['state'] | null;
  colour: MemberSubscription['card_colour'] | null;
}) {
  if (state === null || colour === null)
    return (
      <Badge variant="light" color="gray">
        No membership
      </Badge>
    );
  return (
    <Badge variant="light" color={CARD_COLOURS[colour]} data-card-colour={colour}>
      {STATE_LABELS[state]}
    </Badge>
  );
}
