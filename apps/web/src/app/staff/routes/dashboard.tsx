import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

export function Component() {
  return <DashboardScreen />;
}
