// Which Akahu app talks to the bank for a gym: the gym's own app when it has one (its secret sealed in
// the gyms row), otherwise the platform's. Every Akahu call about a gym's members asks here.
import type { AppDeps } from '../../app-deps';

export interface GymAkahuApp {
  akahu_app_token: string | null;
  /** Sealed (deps.secrets). */
  akahu_app_secret: string | null;
}

export function akahuClientFor(deps: Pick<AppDeps, 'providers' | 'secrets'>, gym: GymAkahuApp) {
  return deps.providers.akahu(
    gym.akahu_app_token && gym.akahu_app_secret
      ? { appToken: gym.akahu_app_token, appSecret: deps.secrets.open(gym.akahu_app_secret) }
      : null,
  );
}
