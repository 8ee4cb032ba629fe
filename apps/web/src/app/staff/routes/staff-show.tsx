import { useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found-screen';
import { StaffDoorAccessButton } from '@/features/access-control/components/staff-door-access-button';
import { StaffDetail } from '@/features/staff/components/staff-detail';

export function Component() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundScreen />;
  // Keyed by id, so moving between people starts each page afresh.
  return (
    <>
      <StaffDetail key={id} id={id} />
      <StaffDoorAccessButton key={`door-access-${id}`} staffId={id} />
    </>
  );
}
