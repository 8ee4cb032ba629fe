import { EditOffering } from '@/features/offerings/components/offering-editor';

export function Component() {
  return <EditOffering />;
}
