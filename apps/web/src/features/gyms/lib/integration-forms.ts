// The Branch and Akahu configuration forms. Secrets are write-only: the gym says only whether one is set;
// a blank secret keeps the stored one, and the first time a secret is required ('The value is required').
// The bodies are @gym/domain/api/gym-requests'; the form adds only the first-time rule for the secret.
import { CONDITIONALLY_REQUIRED } from '@gym/domain';
import { akahuConfigBody, branchConfigBody, secretSchema } from '@gym/domain/api/gym-requests';
import { z } from 'zod';
import type { Gym } from '../api/gym-answers';

const secret = (isSet: boolean) =>
  z
    .string()
    .transform((text): string | null | undefined => text)
    .pipe(secretSchema)
    .refine((value) => isSet || value !== null, { error: CONDITIONALLY_REQUIRED });

export const branchFormSchema = (secretSet: boolean) =>
  branchConfigBody.safeExtend({ branch_secret: secret(secretSet) });

export const akahuFormSchema = (secretSet: boolean) =>
  akahuConfigBody.safeExtend({ akahu_app_secret: secret(secretSet) });

const branchValuesOf = (gym: Gym) => ({
  branch_app_id: gym.branch_app_id ?? '',
  branch_key: gym.branch_key ?? '',
  branch_secret: '',
});

const akahuValuesOf = (gym: Gym) => ({
  akahu_app_token: gym.akahu_app_token ?? '',
  akahu_app_secret: '',
});

/** How a write-only secret reads on screen. */
export const secretState = (isSet: boolean): 'Set' | 'Not set' => (isSet ? 'Set' : 'Not set');

/** One gym integration whose settings are plain fields plus one write-only secret. */
export interface SecretSettings {
  /** The gym's PUT path under /api/gyms/{id}/. */
  path: 'branch-config' | 'akahu-config';
  title: string;
  description: string;
  fields: readonly { name: string; label: string }[];
  secret: { name: string; label: string; badge: string };
  isSet: (gym: Gym) => boolean;
  schema: (secretSet: boolean) => z.ZodType<Record<string, unknown>, Record<string, string>>;
  valuesOf: (gym: Gym) => Record<string, string>;
  saveLabel: string;
  saved: string;
  errorTitle: string;
}

export const BRANCH_SETTINGS: SecretSettings = {
  path: 'branch-config',
  title: 'Branch configuration',
  description: 'Deep links that open the member app at this gym.',
  fields: [
    { name: 'branch_app_id', label: 'Branch app id' },
    { name: 'branch_key', label: 'Branch key' },
  ],
  secret: { name: 'branch_secret', label: 'Branch secret', badge: 'Secret' },
  isSet: (gym) => gym.branch_secret_set,
  schema: branchFormSchema,
  valuesOf: branchValuesOf,
  saveLabel: 'Save Branch configuration',
  saved: 'The Branch configuration is saved.',
  errorTitle: 'Could not save the Branch configuration',
};

export const AKAHU_SETTINGS: SecretSettings = {
  path: 'akahu-config',
  title: 'Akahu app configuration',
  description: 'The Akahu app members connect their bank accounts through to pay this gym.',
  fields: [{ name: 'akahu_app_token', label: 'App token' }],
  secret: { name: 'akahu_app_secret', label: 'App secret', badge: 'App secret' },
  isSet: (gym) => gym.akahu_app_secret_set,
  schema: akahuFormSchema,
  valuesOf: akahuValuesOf,
  saveLabel: 'Save Akahu configuration',
  saved: 'The Akahu app configuration is saved.',
  errorTitle: 'Could not save the Akahu configuration',
};
