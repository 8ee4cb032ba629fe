// The `state` we give Akahu when subscribing a member's webhooks: it comes back, signed, in every
// event, and says whose connection it is (the user token itself is stored encrypted, so it cannot be
// looked up). The bank-connection flow subscribes with `akahuWebhookState`.
export interface AkahuWebhookOwner {
  organisationId: number;
  userId: number;
}

const PATTERN = /^org_(\d{1,15})\.user_(\d{1,15})$/;

export const akahuWebhookState = (owner: AkahuWebhookOwner): string =>
  `org_${owner.organisationId}.user_${owner.userId}`;

export function parseAkahuWebhookState(state: unknown): AkahuWebhookOwner | null {
  const match = typeof state === 'string' ? PATTERN.exec(state) : null;
  return match ? { organisationId: Number(match[1]), userId: Number(match[2]) } : null;
}
