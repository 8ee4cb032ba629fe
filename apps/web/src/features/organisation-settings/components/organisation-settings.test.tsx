import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';
import type { Organisation } from '../api/organisation-answers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const organisation: Organisation = {
  id: 1,
  name: 'Southern Strength',
  multi_gym: true,
  minimum_age: 16,
  offering_permissions: { enable_offerings: true, non_stop: true, limited_access: false },
  price_frequencies: {
    weekly: true,
    fortnightly: true,
    monthly: true,
    quarterly: false,
    six_monthly: false,
    yearly: true,
  },
  grace_period: { failed_payment_grace_period: 14, failed_payment_grace_period_unit: 'days' },
  term_grace_period: { term_membership_grace_period: 1, term_membership_grace_period_unit: 'months' },
  tax_details: { legal_name: null, gst_number: null },
  self_service: {
    member_pauses_allowed: true,
    member_pause_min_days: 7,
    member_pause_max_days: 90,
    member_pauses_per_year: 2,
    member_pause_notice_days: 0,
    member_online_cancellation: true,
  },
  updated_at: '2026-01-05T02:38:00.000Z',
};

const emptyPage = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } };

function renderSettings(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/me': { body: { data: organisationAdmin } },
    'GET /api/organisations/1': { body: { data: organisation } },
    'GET /api/organisations/1/akahu-webhooks': { body: emptyPage },
    ...extra,
  });
  renderSite('staff', '/organisation/settings');
  return api;
}

const form = (name: string) => screen.findByRole('form', { name });

describe('the organisation settings screen', () => {
  it('shows each section with the saved values, and the empty webhook list', async () => {
    renderSettings();
    const naming = await form('Organisation name');
    expect((within(naming).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Southern Strength');
    const failed = await form('Failed-payment grace period');
    expect((within(failed).getByLabelText(/^Length/) as HTMLInputElement).value).toBe('14');
    const permissions = await form('Offering permissions');
    expect(
      (within(permissions).getByRole('switch', { name: /^Limited Hours/ }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(await screen.findByText('No webhook events yet')).toBeTruthy();
  });

  it('asks for a name before saving, then saves it', async () => {
    const { callsTo } = renderSettings({
      'PUT /api/organisations/1': ({ body }) => ({
        body: { data: { ...organisation, name: (body as { name: string }).name } },
      }),
    });
    const naming = await form('Organisation name');
    const name = within(naming).getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.submit(naming);
    expect(await within(naming).findByText('Value is required')).toBeTruthy();
    expect(callsTo('PUT /api/organisations/1')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Southern Strength NZ' } });
    fireEvent.submit(naming);
    await waitFor(() =>
      expect(callsTo('PUT /api/organisations/1')).toEqual([{ name: 'Southern Strength NZ' }]),
    );
    expect(await screen.findByText('The organisation name is saved.')).toBeTruthy();
  });

  it('puts the server’s field messages beside the fields', async () => {
    const message = 'The maximum value allowed is 3';
    renderSettings({
      'PUT /api/organisations/1/term-membership-grace-period': {
        status: 422,
        body: {
          message,
          error: 'validation_failed',
          errors: { term_membership_grace_period_unit: [message] },
        },
      },
    });
    const term = await form('Term membership grace period');
    fireEvent.submit(term);
    expect(await within(term).findByText(message)).toBeTruthy();
  });

  it('saves the receipts’ legal name and GST number, and what members may do online', async () => {
    const { callsTo } = renderSettings({
      'PUT /api/organisations/1/tax-details': ({ body }) => ({
        body: { data: { ...organisation, tax_details: body } },
      }),
      'PUT /api/organisations/1/self-service': ({ body }) => ({
        body: { data: { ...organisation, self_service: body } },
      }),
    });
    const receipts = await form('Receipts');
    fireEvent.change(within(receipts).getByLabelText(/^Legal name/), {
      target: { value: 'Southern Strength Limited' },
    });
    fireEvent.change(within(receipts).getByLabelText(/^GST number/), { target: { value: '123456789' } });
    fireEvent.submit(receipts);
    await waitFor(() =>
      expect(callsTo('PUT /api/organisations/1/tax-details')).toEqual([
        { legal_name: 'Southern Strength Limited', gst_number: '123-456-789' },
      ]),
    );
    const online = await form('Members’ own account');
    fireEvent.change(within(online).getByLabelText(/^Longest pause/), { target: { value: '5' } });
    fireEvent.submit(online);
    expect(
      await within(online).findByText('The longest pause cannot be shorter than the shortest'),
    ).toBeTruthy();
    expect(callsTo('PUT /api/organisations/1/self-service')).toHaveLength(0);
    fireEvent.change(within(online).getByLabelText(/^Longest pause/), { target: { value: '60' } });
    fireEvent.click(within(online).getByLabelText(/^Members may cancel online/));
    fireEvent.submit(online);
    await waitFor(() =>
      expect(callsTo('PUT /api/organisations/1/self-service')).toEqual([
        { ...organisation.self_service, member_pause_max_days: 60, member_online_cancellation: false },
      ]),
    );
  });

  it('sends the six frequency flags', async () => {
    const { callsTo } = renderSettings({
      'PUT /api/organisations/1/price-frequencies': ({ body }) => ({
        body: { data: { ...organisation, price_frequencies: body } },
      }),
    });
    const frequencies = await form('Price frequencies');
    fireEvent.click(within(frequencies).getByLabelText('Quarterly'));
    fireEvent.click(within(frequencies).getByLabelText('Weekly'));
    fireEvent.submit(frequencies);
    await waitFor(() =>
      expect(callsTo('PUT /api/organisations/1/price-frequencies')).toEqual([
        {
          weekly: false,
          fortnightly: true,
          monthly: true,
          quarterly: true,
          six_monthly: false,
          yearly: true,
        },
      ]),
    );
  });

  it('says what is wrong with a negative, fractional or too long grace period, and sends nothing', async () => {
    const { callsTo } = renderSettings();
    const failed = await form('Failed-payment grace period');
    const length = within(failed).getByLabelText(/^Length/);
    for (const [typed, message] of [
      ['-3', 'The minimum value allowed is 1'],
      ['2.5', 'Value must be a whole number'],
      ['0', 'The minimum value allowed is 1'],
      ['91', 'The maximum value allowed is 90'],
    ] as const) {
      fireEvent.change(length, { target: { value: typed } });
      fireEvent.submit(failed);
      await waitFor(() =>
        expect(within(failed).queryByText(message), `${typed}: ${failed.textContent}`).toBeTruthy(),
      );
    }
    expect(callsTo('PUT /api/organisations/1/grace-period')).toHaveLength(0);
  });

  it('asks for at least one billing frequency before saving', async () => {
    const { callsTo } = renderSettings();
    const frequencies = await form('Price frequencies');
    for (const label of ['Weekly', 'Fortnightly', 'Monthly', 'Yearly']) {
      fireEvent.click(within(frequencies).getByLabelText(label));
    }
    fireEvent.submit(frequencies);
    expect(await within(frequencies).findByText('Choose at least one billing frequency')).toBeTruthy();
    expect(callsTo('PUT /api/organisations/1/price-frequencies')).toHaveLength(0);
  });
});
