// Whether door unlocks at this gym count as visits (PUT /api/gyms/{id}/tracks-visits); saved as it flips.
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { notifySuccess } from '@/lib/notify';
import type { Gym } from '../api/gym-answers';
import { useSetTracksVisits } from '../api/set-tracks-visits';

export function TracksVisitsForm({ gym }: { gym: Gym }) {
  const save = useSetTracksVisits();
  // While the change is on its way the switch shows where it is going (set at once, not after the
  // mutation's next render, so it never flicks back) and ignores further clicks; a failure puts it back.
  // It stays enabled so keyboard focus is not lost.
  const [goingTo, setGoingTo] = useState<boolean | null>(null);
  const checked = goingTo ?? gym.tracks_visits;

  const flip = (tracksVisits: boolean) => {
    setGoingTo(tracksVisits);
    save.mutate(
      { id: gym.id, tracksVisits },
      {
        onSettled: () => setGoingTo(null),
        onSuccess: (saved) =>
          notifySuccess(
            saved.tracks_visits
              ? 'Door unlocks now count as visits.'
              : 'Door unlocks no longer count as visits.',
            saved.name,
          ),
      },
    );
  };

  return (
    <SectionCard
      title="Visit tracking"
      description="When on, each member's door unlock at this gym is recorded as a visit. Saved as soon as you change it."
    >
      <Switch
        label="Track visits"
        description="Count door unlocks as visits"
        checked={checked}
        aria-busy={goingTo !== null}
        onChange={(event) => {
          if (goingTo === null) flip(event.currentTarget.checked);
        }}
      />
    </SectionCard>
  );
}
