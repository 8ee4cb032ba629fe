import { AtRiskScreen } from '@/features/reports/at-risk/components/at-risk-screen';

export function Component() {
  return <AtRiskScreen />;
}
