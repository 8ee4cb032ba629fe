// Mantine's notifications container, loaded on demand by overlays-on-demand.tsx (its own module, so the
// container's code is split from the store that lib/notify uses on every screen).
import { Notifications } from '@mantine/notifications';

export default function NotificationsHost() {
  return <Notifications position="bottom-right" limit={3} />;
}
