// An outside service's failure as the API tells it: a 502 with a message a person can act on, never a
// 500. Features wrap their adapter calls in `fromProvider` and decide the cases they can do better
// (a refused API key is the person's input, for example) before it.
import { ProviderError, type ProviderName } from '../adapters/provider-error';
import { AppError } from './app-error';

const NAMES: Record<ProviderName, string> = { akahu: 'Akahu', stripe: 'Stripe', kisi: 'Kisi' };

export function providerFailure(error: ProviderError): AppError {
  const name = NAMES[error.provider];
  const message =
    error.kind === 'unavailable'
      ? `${name} did not answer. Please try again in a moment.`
      : error.kind === 'unauthorized'
        ? `${name} did not accept our credentials. Check the ${name} settings, then try again.`
        : error.kind === 'not_found'
          ? `${name} could not find what we asked for: ${error.message}`
          : `${name} refused the request: ${error.message}`;
  return new AppError('provider_unavailable', { message, cause: error });
}

/** Runs an adapter call, turning its ProviderError into the API's 502 answer. */
export async function fromProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw providerFailure(error);
    throw error;
  }
}
