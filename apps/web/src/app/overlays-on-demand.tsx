// Modals and notifications, loaded the first time one is opened rather than with the first screen: their
// code (Modal, ScrollArea and with it floating-ui, transitions, portals) is a tenth of the page's script.
// Features keep using Mantine's imperative APIs (`modals.openConfirmModal`, `notifications.show`, through
// lib/notify): a modal call made before the code has arrived is held and replayed once it listens, and a
// notification waits in Mantine's store until its container mounts. Mantine's `useModals()` context is
// not provided: use the `modals` API.
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

const ModalsHost = lazy(() => import('./modals-host'));
const NotificationsHost = lazy(() => import('./notifications-host'));

function ModalsOnDemand() {
  const [phase, setPhase] = useState<'idle' | 'loading' | 'ready'>('idle');
  const held = useRef<{ type: string; detail: unknown }[]>([]);
  const listening = useCallback(() => setPhase('ready'), []);

  useEffect(() => {
    if (phase === 'ready') {
      // The provider listens now: what was asked for meanwhile, in order.
      for (const event of held.current.splice(0))
        window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
      return;
    }
    const hold = (event: Event) => {
      held.current.push({ type: event.type, detail: (event as CustomEvent).detail });
      setPhase((p) => (p === 'idle' ? 'loading' : p));
    };
    for (const name of MODAL_EVENTS) window.addEventListener(name, hold);
    return () => {
      for (const name of MODAL_EVENTS) window.removeEventListener(name, hold);
    };
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost onListening={listening} />
    </Suspense>
  );
}

function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function OverlaysOnDemand() {
  return (
    <>
      <ModalsOnDemand />
      <NotificationsOnDemand />
    </>
  );
}
