import { WebhookEndpointsScreen } from '@/features/webhook-calls/components/webhook-endpoints-screen';

export function Component() {
  return <WebhookEndpointsScreen />;
}
