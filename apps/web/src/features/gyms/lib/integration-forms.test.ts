import { describe, expect, it } from 'vitest';
import { messagesOf } from '@/lib/form';
import { akahuFormSchema, branchFormSchema, secretState } from './integration-forms';

const errorsOf = (parsed: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (parsed.success ? {} : messagesOf(parsed.error!.issues));

describe('the Akahu configuration form', () => {
  it('requires the secret until one is stored', () => {
    expect(
      errorsOf(akahuFormSchema(false).safeParse({ akahu_app_token: 'app_token_x', akahu_app_secret: ' ' })),
    ).toEqual({
      akahu_app_secret: 'The value is required',
    });
  });

  it('keeps a stored secret when the field is left blank (sent as null)', () => {
    expect(akahuFormSchema(true).parse({ akahu_app_token: ' app_token_x ', akahu_app_secret: '' })).toEqual({
      akahu_app_token: 'app_token_x',
      akahu_app_secret: null,
    });
  });

  it('sends a new secret', () => {
    expect(
      akahuFormSchema(true).parse({ akahu_app_token: 't', akahu_app_secret: 'rotated' }).akahu_app_secret,
    ).toBe('rotated');
  });
});

describe('the Branch configuration form', () => {
  it('requires the app id and key, and the secret the first time', () => {
    expect(
      errorsOf(branchFormSchema(false).safeParse({ branch_app_id: '', branch_key: '  ', branch_secret: '' })),
    ).toEqual({
      branch_app_id: 'Value is required',
      branch_key: 'Value is required',
      branch_secret: 'The value is required',
    });
  });
});

describe('a secret’s state', () => {
  it('reads Set or Not set', () => {
    expect([secretState(true), secretState(false)]).toEqual(['Set', 'Not set']);
  });
});
