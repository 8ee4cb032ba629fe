import '@/testing/browser-apis';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handler, mockApi } from '@/testing/mock-api';
import { renderPart } from '@/testing/render-part';
import { gymAdmin, organisationAdmin } from '@/testing/users';
import { accessKeys, type KisiDoor, type KisiPlace } from '../api/access-answers';
import { GymDoorAccess } from './gym-door-access';
import { StaffDoorAccessButton } from './staff-door-access-button';

afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

const gym = { id: 11, name: 'Ponsonby', can_manage: true };
const base = '/api/organisations/1/access-control';
const integration = {
  id: 3,
  integration_type: 'kisi',
  api_key_set: true,
  webhook_secret_set: false,
  integration: { id: 3, type: 'kisi', name: 'Kisi', api_key_set: true },
  created_at: '2026-01-05T02:00:00Z',
  updated_at: '2026-01-05T02:00:00Z',
};
const place = (overrides: Partial<KisiPlace> = {}): KisiPlace => ({
  id: null,
  place_id: '501',
  name: 'Ponsonby building',
  address: '1 Ponsonby Road',
  gym: null,
  ...overrides,
});
const door = (overrides: Partial<KisiDoor> = {}): KisiDoor => ({
  id: 41,
  name: 'Front door',
  door_id: '601',
  tracks_visits: true,
  ...overrides,
});

describe('GymDoorAccess for an organisation admin', () => {
  it('connects Kisi with an API key, showing Kisi’s refusal on the field', async () => {
    let connected = false;
    const api = mockApi({
      [`GET ${base}/integration`]: () => ({ body: { data: connected ? integration : null } }),
      [`POST ${base}/integration`]: ({ body }) => {
        if ((body as { api_key: string }).api_key === 'wrong') {
          return {
            status: 422,
            body: {
              message: 'Kisi did not accept this API key',
              error: 'validation_failed',
              errors: { api_key: ['Kisi did not accept this API key'] },
            },
          };
        }
        connected = true;
        return { body: { data: integration } };
      },
      [`GET ${base}/places`]: { body: { data: [place()] } },
    });
    renderPart(<GymDoorAccess gym={gym} />, { me: organisationAdmin });
    const key = await screen.findByLabelText(/Kisi API key/, { selector: 'input' });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Kisi' }));
    expect(await screen.findByText('Value is required')).toBeTruthy();
    fireEvent.change(key, { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Kisi' }));
    expect(await screen.findByText('Kisi did not accept this API key')).toBeTruthy();
    fireEvent.change(key, { target: { value: 'kisi-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect Kisi' }));
    expect(await screen.findByText('Kisi connected')).toBeTruthy();
    expect(api.callsTo(`POST ${base}/integration`).at(-1)).toEqual({
      integration_type: 'kisi',
      api_key: 'kisi-key',
    });
    expect(await screen.findByText('Not linked to a place yet')).toBeTruthy();
  });

  it('links a place to the gym and lists its doors with their visit setting', async () => {
    let linked = false;
    const table: Record<string, Handler> = {
      [`GET ${base}/integration`]: { body: { data: integration } },
      [`GET ${base}/places`]: () => ({
        body: {
          data: [
            place(linked ? { id: 9, gym: { id: 11, name: 'Ponsonby' } } : {}),
            place({ id: 8, place_id: '502', name: 'Te Aro building', gym: { id: 12, name: 'Te Aro' } }),
          ],
        },
      }),
      'POST /api/gyms/11/access-control/places': () => {
        linked = true;
        return {
          body: {
            data: { place: { id: 9, name: 'Ponsonby building', place_id: '501', gym_id: 11 }, doors: [] },
          },
        };
      },
      [`GET ${base}/places/501/doors`]: {
        body: { data: [door(), door({ id: null, name: 'Studio', door_id: '602' })] },
      },
      [`PUT ${base}/places/501/doors/601`]: { body: { data: door({ tracks_visits: false }) } },
    };
    const api = mockApi(table);
    renderPart(<GymDoorAccess gym={gym} />, { me: organisationAdmin });
    fireEvent.click(await screen.findByLabelText(/Kisi place/, { selector: 'input' }));
    const taken = await screen.findByRole('option', {
      name: 'Te Aro building (linked to Te Aro)',
      hidden: true,
    });
    expect(taken.getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Ponsonby building', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Link place' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/gyms/11/access-control/places')).toEqual([{ place_id: '501' }]),
    );

    const doors = await screen.findByRole('table', { name: 'Doors' });
    expect(within(doors).getByText('New in Kisi: refresh the doors')).toBeTruthy();
    fireEvent.click(within(doors).getByRole('switch', { name: 'Front door counts visits' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT ${base}/places/501/doors/601`)).toEqual([{ tracks_visits: false }]),
    );
    expect(screen.getByRole('button', { name: 'Refresh doors' })).toBeTruthy();
  });
});

describe('the Kisi connection says what Kisi says', () => {
  it('shows the key refused (not connected) when Kisi no longer accepts the stored key, and asks for it', async () => {
    mockApi({
      [`GET ${base}/integration`]: { body: { data: integration } },
      [`GET ${base}/places`]: {
        status: 409,
        body: { message: 'Kisi did not accept the organisation’s API key.', error: 'conflict' },
      },
    });
    renderPart(<GymDoorAccess gym={gym} />, { me: organisationAdmin });
    expect(await screen.findByText('Kisi refuses the API key')).toBeTruthy();
    expect(screen.queryByText('Kisi connected')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Kisi' })).toBeTruthy();
  });
});

describe('GymDoorAccess for a gym admin', () => {
  it('shows why places are not available when Kisi is not connected', async () => {
    const api = mockApi({
      [`GET ${base}/places`]: {
        status: 409,
        body: { message: 'Door access is not set up for this organisation yet.', error: 'conflict' },
      },
    });
    renderPart(<GymDoorAccess gym={gym} />, { me: gymAdmin });
    expect(await screen.findByText('Door access is not set up for this organisation yet.')).toBeTruthy();
    expect(api.callsTo(`GET ${base}/integration`)).toEqual([]);
  });

  it('shows nothing to those who cannot manage the gym', () => {
    mockApi({});
    renderPart(<GymDoorAccess gym={{ ...gym, can_manage: false }} />, { me: gymAdmin });
    expect(screen.queryByRole('region', { name: 'Door access' })).toBeNull();
  });
});

describe('StaffDoorAccessButton', () => {
  const staff = {
    id: 55,
    name: 'Mere Tane',
    access_enabled: false,
    deleted_at: null,
    email: 'mere@example.nz',
  };
  const read = (overrides = {}) => ({ 'GET /api/staff/55': { body: { data: { ...staff, ...overrides } } } });

  it('gives door access at the current gym', async () => {
    const api = mockApi({
      ...read(),
      'POST /api/staff/55/kisi-access': {
        body: {
          data: {
            user_id: 55,
            access_enabled: true,
            place: { id: 9, name: 'Ponsonby building', place_id: '501', gym_id: 11 },
            kisi_user_id: '7001',
            granted_at: '2026-01-05T02:00:00Z',
          },
        },
      },
    });
    renderPart(<StaffDoorAccessButton staffId={55} />, { me: organisationAdmin });
    fireEvent.click(await screen.findByRole('button', { name: 'Give door access at Ponsonby' }));
    expect(await screen.findByText('Has door access')).toBeTruthy();
    expect(await screen.findByText('Mere Tane can open the doors of Ponsonby building.')).toBeTruthy();
    expect(api.callsTo('POST /api/staff/55/kisi-access')).toHaveLength(1);
  });

  it('shows the server’s reason, and nothing for a deactivated staff member', async () => {
    mockApi({
      ...read({ access_enabled: true }),
      'POST /api/staff/55/kisi-access': {
        status: 409,
        body: { message: 'Ponsonby has no Kisi place yet.', error: 'conflict' },
      },
    });
    renderPart(<StaffDoorAccessButton staffId={55} />, { me: organisationAdmin });
    // Has it already: said once, and no button offering it again.
    expect(await screen.findByText('Has door access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Give door access at Ponsonby' })).toBeNull();
    cleanup();
    mockApi({
      ...read(),
      'POST /api/staff/55/kisi-access': {
        status: 409,
        body: { message: 'Ponsonby has no Kisi place yet.', error: 'conflict' },
      },
    });
    renderPart(<StaffDoorAccessButton staffId={55} />, { me: organisationAdmin });
    fireEvent.click(await screen.findByRole('button', { name: 'Give door access at Ponsonby' }));
    expect((await screen.findByText('Ponsonby has no Kisi place yet.')).getAttribute('role')).toBe('alert');
    cleanup();
    mockApi(read({ deleted_at: '2026-01-01T00:00:00Z' }));
    const { queryClient } = renderPart(<StaffDoorAccessButton staffId={55} />, { me: organisationAdmin });
    await waitFor(() => expect(queryClient.getQueryState(accessKeys.staff(55))?.status).toBe('success'));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
