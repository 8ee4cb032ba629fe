import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';
import type { Gym } from '../api/gym-answers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const buildGym = (overrides: Partial<Gym> = {}): Gym => ({
  id: 7,
  uuid: '0b6f7c1e-1d7e-4a57-9d53-3f0c1f4c2a11',
  name: 'Ponsonby',
  logo: null,
  role: 'admin',
  role_label: 'Admin',
  has_payment_account: true,
  tracks_visits: false,
  staff_count: 4,
  members_count: 1234,
  created_at: '2024-03-05T02:38:00.000Z',
  organisation: { id: 1, name: 'Southern Strength' },
  can_manage: true,
  stripe_id: 'acct_1Demo',
  price_change_notification_reply_to: 'ponsonby@example.co.nz',
  break_fee_percentage: 2.5,
  formatted_break_fee: '2.5%',
  card_surcharge_percentage: 1.5,
  formatted_card_surcharge: '1.5%',
  general_card_surcharge_text: null,
  branch_app_id: null,
  branch_key: null,
  branch_secret_set: false,
  akahu_app_token: 'app_token_demo',
  akahu_app_secret_set: true,
  destination_account: { id: 70, name: 'Ponsonby takings', bank_account_number: '12-3140-0171323-50' },
  place: null,
  doors: [],
  updated_at: '2024-03-05T02:38:00.000Z',
  ...overrides,
});

const me = { 'GET /api/me': { body: { data: organisationAdmin } } };

describe('the gym page', () => {
  it('shows the counts, the destination account and the secrets only as set or not', async () => {
    mockApi({
      ...me,
      'GET /api/gyms/7': { body: { data: buildGym() } },
      'GET /api/gyms/7/stripe': {
        body: {
          data: {
            gym_id: 7,
            stripe_id: 'acct_1Ponsonby',
            status: 'account_missing',
            charges_enabled: false,
            details_submitted: false,
            payouts_enabled: false,
            disabled_reason: null,
            connected_at: null,
          },
        },
      },
    });
    renderSite('staff', '/gyms/7');
    expect(await screen.findByRole('heading', { name: 'Ponsonby', level: 1 })).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByTestId('destination-account-number').textContent).toBe('12-3140-0171323-50');
    const branch = screen.getByRole('region', { name: 'Branch configuration' });
    expect(within(branch).getByText('Not set', { selector: '.mantine-Badge-label' })).toBeTruthy();
    const akahu = screen.getByRole('region', { name: 'Akahu configuration' });
    expect(within(akahu).getByText('Set')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit gym' }).getAttribute('href')).toBe('/gyms/7/edit');
    // Stripe's own answer is the one state shown: never 'connected' beside 'Stripe no longer knows it'.
    const card = screen.getByRole('region', { name: 'Card payments' });
    expect(await within(card).findByText(/Stripe no longer knows the stored account/)).toBeTruthy();
    expect(within(card).queryByText('Card payments connected')).toBeNull();
    expect(within(card).queryByText('A Stripe account is linked to this gym.')).toBeNull();
  });

  it('says when the gym is not in this organisation', async () => {
    mockApi({
      ...me,
      'GET /api/gyms/9': { status: 404, body: { message: 'Gym not found.', error: 'not_found' } },
    });
    renderSite('staff', '/gyms/9');
    expect(await screen.findByRole('heading', { name: 'Gym not found' })).toBeTruthy();
  });
});

describe('the gym list', () => {
  it('says so when there are no gyms', async () => {
    mockApi({
      ...me,
      'GET /api/gyms': {
        body: { data: [], meta: { current_page: 1, per_page: 24, total: 0, last_page: 1 } },
      },
    });
    renderSite('staff', '/gyms');
    expect(await screen.findByText('No gyms to show')).toBeTruthy();
  });
});

describe('the destination account form', () => {
  async function openForm(put: Parameters<typeof mockApi>[0][string]) {
    const api = mockApi({
      ...me,
      'GET /api/gyms/7': { body: { data: buildGym() } },
      'PUT /api/gyms/7/destination-accounts/70': put,
    });
    renderSite('staff', '/gyms/7/edit');
    const form = await screen.findByRole('form', { name: 'Destination bank account' });
    return { ...api, form };
  }

  it('opens the number fields on request and checks the repeat before sending', async () => {
    const saved = { id: 70, name: 'Ponsonby takings', bank_account_number: '38-9000-7654338-00' };
    const { form, callsTo } = await openForm({ body: { data: saved } });
    expect(within(form).queryByLabelText(/^Repeat bank account number/)).toBeNull();
    fireEvent.click(within(form).getByRole('switch', { name: 'Change account number' }));
    fireEvent.change(within(form).getByLabelText(/^New bank account number/), {
      target: { value: '38-9000-7654338-00' },
    });
    const repeat = within(form).getByLabelText(/^Repeat bank account number/);
    fireEvent.change(repeat, { target: { value: '38-9000-7654338-01' } });
    fireEvent.submit(form);
    expect(
      await within(form).findByText('The value must be equal to the bank account number value'),
    ).toBeTruthy();
    expect(callsTo('PUT /api/gyms/7/destination-accounts/70')).toEqual([]);

    fireEvent.change(repeat, { target: { value: '38-9000-7654338-00' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(callsTo('PUT /api/gyms/7/destination-accounts/70')).toEqual([
        {
          name: 'Ponsonby takings',
          bank_account_number: '38-9000-7654338-00',
          bank_account_number_confirmation: '38-9000-7654338-00',
        },
      ]),
    );
    expect(await within(form).findByText('38-9000-7654338-00')).toBeTruthy();
    expect(within(form).queryByLabelText(/^Repeat bank account number/)).toBeNull();
  });

  it('renames without the number, showing the server’s message beside the field', async () => {
    const message = 'Value must be at most 255 characters';
    const { form, callsTo } = await openForm({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        error: 'validation_failed',
        errors: { name: [message] },
      },
    });
    fireEvent.change(within(form).getByLabelText(/^Account name/), { target: { value: 'Takings' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(callsTo('PUT /api/gyms/7/destination-accounts/70')).toEqual([{ name: 'Takings' }]);
  });
});

describe('the Branch configuration form', () => {
  it('asks for the secret while none is stored, and never shows one', async () => {
    const { callsTo } = mockApi({
      ...me,
      'GET /api/gyms/7': { body: { data: buildGym() } },
      'PUT /api/gyms/7/branch-config': ({ body }) => ({
        body: { data: buildGym({ ...(body as object), branch_secret_set: true }) },
      }),
    });
    renderSite('staff', '/gyms/7/edit');
    const form = await screen.findByRole('form', { name: 'Branch configuration' });
    fireEvent.change(within(form).getByLabelText(/^Branch app id/), { target: { value: 'app-1' } });
    fireEvent.change(within(form).getByLabelText(/^Branch key/), { target: { value: 'key_live_abc' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('The value is required')).toBeTruthy();

    const secret = within(form).getByLabelText(/^Branch secret/) as HTMLInputElement;
    fireEvent.change(secret, { target: { value: 'secret_live_xyz' } });
    fireEvent.submit(form);
    await waitFor(() => expect(secret.value).toBe(''));
    expect(callsTo('PUT /api/gyms/7/branch-config')).toEqual([
      { branch_app_id: 'app-1', branch_key: 'key_live_abc', branch_secret: 'secret_live_xyz' },
    ]);
    const region = screen.getByRole('region', { name: 'Branch configuration' });
    expect(within(region).getByText('Set', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });
});
