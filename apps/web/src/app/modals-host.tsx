// Mantine's modals provider, loaded on demand by overlays-on-demand.tsx. It registers its event
// listeners in a layout effect, so by the time this child's effect runs it is listening.
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

function Listening({ onListening }: { onListening: () => void }) {
  useEffect(() => onListening(), [onListening]);
  return null;
}

export default function ModalsHost({ onListening }: { onListening: () => void }) {
  return (
    <ModalsProvider>
      <Listening onListening={onListening} />
    </ModalsProvider>
  );
}
