// The Branch and Akahu configuration forms. Secrets are write-only: the gym says only whether one is set;
// a blank secret keeps the stored one, and the first time a secret is required ('The value is required').
import { CONDITIONALLY_REQUIRED, requiredString } from '@gym/domain';
import { z } from 'zod';
import type { Gym } from '../api/gym-answers';

const secret = (isSet: boolean) =>
  z
    .string()
    .trim()
    .max(500, { error: 'Value must be at most 500 characters' })
    .refine((value) => isSet || value !== '', { error: CONDITIONALLY_REQUIRED })
    .transform((value) => (value === '' ? null : value));

export const branchFormSchema = (secretSet: boolean) =>
  z.object({
    branch_app_id: requiredString({ max: 255 }),
    branch_key: requiredString({ max: 255 }),
    branch_secret: secret(secretSet),
  });

export const akahuFormSchema = (secretSet: boolean) =>
  z.object({
    akahu_app_token: requiredString({ max: 255 }),
    akahu_app_secret: secret(secretSet),
  });

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
