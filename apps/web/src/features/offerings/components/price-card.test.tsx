import '@/testing/browser-apis';
import '../testing/document-fonts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { buildOffering, buildPrice } from '../testing/build-offering';
import { catalogueApi } from '../testing/catalogue-api';

// Each test renders the whole site with a lazily loaded screen: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IN_USE = 'This price has subscriptions, so it cannot be deleted. Archive it instead.';

async function confirmIn(name: string, button: string) {
  const dialog = await screen.findByRole('dialog', { name });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

describe('the prices of an offering', () => {
  it('offers archive, not delete, on a price members are on', async () => {
    mockApi(
      catalogueApi({
        'GET /api/offerings/301': {
          body: { data: buildOffering({ prices: [buildPrice({ subscriptions_count: 3 })] }) },
        },
      }),
    );
    renderSite('staff', '/offerings/301');
    const card = await screen.findByRole('article', { name: '$19.50 weekly' });
    expect(within(card).getByRole('button', { name: 'Archive $19.50 weekly' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Delete $19.50 weekly' })).toBeNull();
  });

  it("keeps the delete dialog open with the server's reason when it refuses (a past subscription)", async () => {
    const price = buildPrice({ subscriptions_count: 0 });
    mockApi(
      catalogueApi({
        'GET /api/offerings/301': { body: { data: buildOffering({ prices: [price] }) } },
        'DELETE /api/prices/501': { status: 409, body: { message: IN_USE, error: 'conflict' } },
      }),
    );
    renderSite('staff', '/offerings/301');
    const card = await screen.findByRole('article', { name: '$19.50 weekly' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete $19.50 weekly' }));
    const dialog = await confirmIn('Delete $19.50 weekly?', 'Delete price');
    expect((await within(dialog).findByRole('alert')).textContent).toContain(IN_USE);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('archives a price after confirmation and lists it with the archived ones', async () => {
    let archived = false;
    const offering = () =>
      buildOffering({ prices: [buildPrice({ archived_at: archived ? '2026-03-01T00:00:00.000Z' : null })] });
    const api = mockApi(
      catalogueApi({
        'GET /api/offerings/301': () => ({ body: { data: offering() } }),
        'DELETE /api/prices/501/archive': () => {
          archived = true;
          return { body: { data: offering().prices[0] } };
        },
      }),
    );
    renderSite('staff', '/offerings/301');
    const card = await screen.findByRole('article', { name: '$19.50 weekly' });
    fireEvent.click(within(card).getByRole('button', { name: 'Archive $19.50 weekly' }));
    await confirmIn('Archive $19.50 weekly?', 'Archive price');
    const section = await screen.findByRole('region', { name: 'Archived prices' });
    expect(within(section).getByRole('button', { name: 'Restore $19.50 weekly' })).toBeTruthy();
    expect(api.callsTo('DELETE /api/prices/501/archive')).toHaveLength(1);
  });

  it('adds a price through its dialog, checked before it is sent', async () => {
    const api = mockApi(
      catalogueApi({
        'GET /api/offerings/301': { body: { data: buildOffering() } },
        'POST /api/offerings/301/prices': { status: 201, body: { data: buildPrice({ id: 502 }) } },
      }),
    );
    renderSite('staff', '/offerings/301');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a price' });
    fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '24.99' } });
    fireEvent.change(within(dialog).getByLabelText(/^Term unit/), { target: { value: 'months' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    expect(await within(dialog).findByText('Please enter a term amount')).toBeTruthy();
    expect(within(dialog).getByText('Value is required')).toBeTruthy();
    expect(api.callsTo('POST /api/offerings/301/prices')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/^Billing frequency/), {
      target: { value: 'fortnightly' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Term amount/), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a price' })).toBeNull());
    expect(api.callsTo('POST /api/offerings/301/prices')).toEqual([
      {
        amount: 2499,
        billing_frequency: 'fortnightly',
        joining_fee: 0,
        private: false,
        term_amount: 6,
        term_unit: 'months',
      },
    ]);
  });

  it('creates a private link and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const link = {
      id: 9,
      token: 't0k3n',
      url: 'http://join.localhost/?price_link=t0k3n',
      age_bypass: true,
      created_at: '2026-03-01T01:00:00.000Z',
    };
    let links: (typeof link)[] = [];
    const api = mockApi(
      catalogueApi({
        'GET /api/offerings/301': () => ({
          body: { data: buildOffering({ prices: [buildPrice({ private_links: links })] }) },
        }),
        'POST /api/prices/501/private-links': () => {
          links = [link];
          return { status: 201, body: { data: link } };
        },
      }),
    );
    renderSite('staff', '/offerings/301');
    const card = await screen.findByRole('article', { name: '$19.50 weekly' });
    fireEvent.click(within(card).getByRole('checkbox', { name: /Age bypass/ }));
    fireEvent.click(within(card).getByRole('button', { name: 'Create private link' }));
    const field = await within(card).findByRole('textbox', { name: 'Private link 1' });
    expect((field as HTMLInputElement).value).toBe(link.url);
    expect(api.callsTo('POST /api/prices/501/private-links')).toEqual([{ age_bypass: true }]);
    fireEvent.click(within(card).getByRole('button', { name: /Copy link/ }));
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link.url);
  });
});
