import '@/testing/browser-apis';
import '../testing/document-fonts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { buildOffering } from '../testing/build-offering';
import { catalogueApi } from '../testing/catalogue-api';

// Each test renders the whole site and fills a long form: on a busy machine that takes more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OVERLAP = 'These hours overlap other hours on the same day';

async function fillNewOffering() {
  const form = await screen.findByRole('form', { name: 'New offering' });
  fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Early Birds' } });
  fireEvent.click(within(form).getByRole('radio', { name: 'Limited Hours' }));
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Ponsonby' }));
  fireEvent.click(within(form).getByRole('button', { name: 'Add a day' }));
  const hours = within(form).getByRole('group', { name: 'Opening hours 1' });
  fireEvent.change(within(hours).getByLabelText(/^Day/), { target: { value: '1' } });
  fireEvent.change(within(hours).getByLabelText(/^Opens at/), { target: { value: '06:00' } });
  fireEvent.change(within(hours).getByLabelText(/^Closes at/), { target: { value: '10:00' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Add a price' }));
  const price = within(form).getByRole('group', { name: 'Price 1' });
  fireEvent.change(within(price).getByLabelText(/^Amount/), { target: { value: '19.50' } });
  fireEvent.change(within(price).getByLabelText(/^Billing frequency/), { target: { value: 'weekly' } });
  return { form, hours, price };
}

describe('the new offering form', () => {
  it('sends the offering with its hours and prices, then opens its page', async () => {
    const api = mockApi(
      catalogueApi({
        'POST /api/offerings': { status: 201, body: { data: buildOffering({ id: 301 }) } },
        'GET /api/offerings/301': { body: { data: buildOffering({ id: 301 }) } },
      }),
    );
    const { router } = renderSite('staff', '/offerings/create');
    const { form } = await fillNewOffering();
    fireEvent.click(within(form).getByRole('button', { name: 'Create offering' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offerings/301'));
    expect(api.callsTo('POST /api/offerings')).toEqual([
      {
        name: 'Early Birds',
        description: null,
        type: 'limited_access',
        all_gyms_access: false,
        mandated: false,
        hours_mandated: false,
        prices_mandated: false,
        prices: [
          {
            amount: 1950,
            billing_frequency: 'weekly',
            joining_fee: 0,
            private: false,
            term_amount: null,
            term_unit: null,
          },
        ],
        hours: [{ day: 1, open_at: '06:00', close_at: '10:00' }],
        gyms: [11],
      },
    ]);
  });

  it('offers only the frequencies the organisation has switched on', async () => {
    mockApi(catalogueApi());
    renderSite('staff', '/offerings/create');
    const { price } = await fillNewOffering();
    const choices = [...(within(price).getByLabelText(/^Billing frequency/) as HTMLSelectElement).options]
      .map((option) => option.textContent)
      .filter((label) => label !== '' && !label?.startsWith('Choose'));
    // Six months is switched off; daily and every 2 months have no switch, one-off is no renewal.
    expect(choices).toEqual(['Weekly', 'Fortnightly', 'Monthly', 'Quarterly', 'Yearly']);
  });

  it('checks a term before asking the server, beside the price', async () => {
    const api = mockApi(catalogueApi());
    renderSite('staff', '/offerings/create');
    const { form, price } = await fillNewOffering();
    fireEvent.change(within(price).getByLabelText(/^Term amount/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create offering' }));
    expect(await within(price).findByText('Please select a term unit')).toBeTruthy();
    expect(
      within(price)
        .getByLabelText(/^Term unit/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.callsTo('POST /api/offerings')).toEqual([]);
  });

  it("shows the server's field messages beside the fields and scrolls to the first", async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    mockApi(
      catalogueApi({
        'POST /api/offerings': {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            error: 'validation_failed',
            errors: { 'hours.0.open_at': [OVERLAP], gym_id: ['Select a gym of this organisation'] },
          },
        },
      }),
    );
    renderSite('staff', '/offerings/create');
    const { form, hours } = await fillNewOffering();
    fireEvent.click(within(form).getByRole('button', { name: 'Create offering' }));
    expect(await within(hours).findByText(OVERLAP)).toBeTruthy();
    expect(
      within(hours)
        .getByLabelText(/^Opens at/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    // A message for a field the form does not show goes in the summary at the top.
    expect((await screen.findByRole('alert', { name: /Could not save/ })).textContent).toContain(
      'Select a gym of this organisation',
    );
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect((scrolled.mock.contexts[0] as Element).classList.contains('error-input')).toBe(true);
  });
});

describe('the edit offering form', () => {
  it('starts from the offering, leaves its prices to its page and saves the change', async () => {
    const offering = buildOffering();
    const api = mockApi(
      catalogueApi({
        'GET /api/offerings/301': { body: { data: offering } },
        'PUT /api/offerings/301': ({ body }) => ({
          body: { data: { ...offering, name: (body as { name: string }).name } },
        }),
      }),
    );
    const { router } = renderSite('staff', '/offerings/301/edit');
    const form = await screen.findByRole('form', { name: 'Edit offering' });
    expect(screen.getByRole('heading', { name: 'Edit Early Birds', level: 1 })).toBeTruthy();
    expect((within(form).getByLabelText(/^Closes at/) as HTMLInputElement).value).toBe('10:00');
    expect(within(form).getByText(/Prices are managed on the offering's page/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Dawn Patrol' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offerings/301'));
    expect(api.callsTo('PUT /api/offerings/301')[0]).toMatchObject({
      name: 'Dawn Patrol',
      prices: [],
      gyms: [11],
    });
  });
});
