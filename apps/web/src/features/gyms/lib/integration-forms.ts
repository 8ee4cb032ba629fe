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

export type BranchConfigInput = z.output<ReturnType<typeof branchFormSchema>>;
export type AkahuConfigInput = z.output<ReturnType<typeof akahuFormSchema>>;

export const BRANCH_FIELDS = ['branch_app_id', 'branch_key', 'branch_secret'] as const;
export const AKAHU_FIELDS = ['akahu_app_token', 'akahu_app_secret'] as const;

export const branchValuesOf = (gym: Gym) => ({
  branch_app_id: gym.branch_app_id ?? '',
  branch_key: gym.branch_key ?? '',
  branch_secret: '',
});

export const akahuValuesOf = (gym: Gym) => ({
  akahu_app_token: gym.akahu_app_token ?? '',
  akahu_app_secret: '',
});

/** How a write-only secret reads on screen. */
export const secretState = (isSet: boolean): 'Set' | 'Not set' => (isSet ? 'Set' : 'Not set');
