import { ProRataCalculator } from '@/features/offerings/components/pro-rata-calculator';

export function Component() {
  return <ProRataCalculator />;
}
