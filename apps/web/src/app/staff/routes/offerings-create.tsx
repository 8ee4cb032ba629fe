import { NewOffering } from '@/features/offerings/components/offering-editor';

export function Component() {
  return <NewOffering />;
}
