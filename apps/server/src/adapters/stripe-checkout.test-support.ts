// A person saving a card on Stripe's Checkout page (setup mode), without a browser: the sandbox's page,
// its card form, the 3-D Secure challenge when the card asks, and the redirect back to the platform.
import type { StripeAdapter } from './stripe';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Follows Checkout's page from its url to where Stripe sends the person back; answers that address. */
export async function walkCardCheckout(
  checkoutUrl: string,
  number: string,
  authenticate: 'complete' | 'fail' = 'complete',
): Promise<URL> {
  const opened = await fetch(checkoutUrl, { redirect: 'manual' });
  const cardForm = new URL(opened.headers.get('location')!, checkoutUrl);
  let res = await fetch(
    new URL('/card-form', cardForm),
    form({
      client_secret: cardForm.searchParams.get('client_secret')!,
      return_url: cardForm.searchParams.get('return_url')!,
      cancel_url: cardForm.searchParams.get('cancel_url') ?? '',
      name: 'Mere Tautahi',
      number,
      expiry: '12 / 34',
      cvc: '123',
    }),
  );
  if (res.status !== 303) throw new Error(`the card form answered ${res.status}: ${await res.text()}`);
  let next = new URL(res.headers.get('location')!, cardForm);
  if (next.pathname.startsWith('/3ds/')) {
    res = await fetch(next, form({ result: authenticate }));
    next = new URL(res.headers.get('location')!, cardForm);
  }
  // Checkout's own return step, then on to the platform's success_url.
  res = await fetch(next, { redirect: 'manual' });
  return new URL(res.headers.get('location')!, next);
}

/** Saves `number` for a customer of a connected account through Checkout; answers the session's id. */
export async function saveCardThroughCheckout(
  stripe: StripeAdapter,
  input: { accountId: string; customerId: string; registerUrl: string; number: string },
) {
  const { sessionId, url } = await stripe.startCardCheckout({
    accountId: input.accountId,
    customerId: input.customerId,
    successUrl: `${input.registerUrl}/card-connected?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${input.registerUrl}/choose-payment-method`,
  });
  const back = await walkCardCheckout(url, input.number);
  return { sessionId, back };
}
