import { WebhookCallsScreen } from '@/features/webhook-calls/components/webhook-calls-screen';

export function Component() {
  return <WebhookCallsScreen />;
}
