import { ActiveUserDebuggingScreen } from '@/features/active-user-debugging/components/active-user-debugging-screen';

export function Component() {
  return <ActiveUserDebuggingScreen />;
}
