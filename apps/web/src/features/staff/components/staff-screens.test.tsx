import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { gymAdmin, organisationAdmin, trainer } from '@/testing/users';
import type { StaffDetail, StaffMember } from '../api/staff-answers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const buildStaff = (overrides: Partial<StaffDetail> = {}): StaffDetail => ({
  id: 201,
  name: 'Zoe Clarke',
  email: 'zoe@example.co.nz',
  role: null,
  gyms: [{ id: 11, name: 'Ponsonby', role: 'personal_trainer' }],
  status: 'active',
  pending_invite: false,
  awaiting_password: false,
  access_enabled: false,
  invited_at: null,
  deleted_at: null,
  created_at: '2025-03-05T02:38:00.000Z',
  profile_picture: null,
  visits_count: 12,
  ...overrides,
});

const page = (data: StaffMember[]) => ({
  body: { data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } },
});

describe('the staff list', () => {
  it('shows roles, gyms and badges; gym admins get no actions', async () => {
    mockApi({
      'GET /api/me': { body: { data: gymAdmin } },
      'GET /api/organisations/1/staff': page([
        buildStaff({ status: 'pending', awaiting_password: true }),
        buildStaff({ id: 202, name: 'Sarah Mitchell', role: 'admin', gyms: [] }),
        buildStaff({ id: 203, name: 'Josh Walker', status: 'deactivated', gyms: [] }),
      ]),
    });
    renderSite('staff', '/staff');
    await screen.findByRole('link', { name: 'Zoe Clarke' });
    const table = screen.getByRole('table', { name: 'Staff' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // Each name follows its initials (the avatar).
      ['ZCZoe ClarkePending', 'zoe@example.co.nz', '--', 'Ponsonby (Personal Trainer)'],
      ['SMSarah Mitchell', 'zoe@example.co.nz', 'Admin', 'All gyms'],
      ['JWJosh WalkerDeactivated', 'zoe@example.co.nz', '--', '--'],
    ]);
    expect(screen.queryByRole('button', { name: 'Invite staff' })).toBeNull();
  });

  it('invites someone new: email first, then their name and role', async () => {
    const { callsTo } = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/organisations/1/staff': page([]),
      'POST /api/organisations/1/staff-exists': {
        body: { data: { exists: false, already_staff: false, deactivated: false } },
      },
      'POST /api/organisations/1/staff': {
        status: 201,
        body: { data: buildStaff({ name: 'Ana Lee', email: 'ana@example.co.nz', status: 'pending' }) },
      },
    });
    renderSite('staff', '/staff');
    expect(await screen.findByText('No staff yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'ana@example.co.nz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const send = await within(dialog).findByRole('button', { name: 'Send invitation' });
    expect(callsTo('POST /api/organisations/1/staff-exists')).toEqual([{ email: 'ana@example.co.nz' }]);

    fireEvent.click(send);
    expect(await within(dialog).findAllByText('Value is required')).toHaveLength(2);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Ana Lee' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Personal Trainer' }));
    fireEvent.click(send);
    await waitFor(() =>
      expect(callsTo('POST /api/organisations/1/staff')).toEqual([
        { inviting: true, email: 'ana@example.co.nz', name: 'Ana Lee', role: 'personal_trainer', gyms: [] },
      ]),
    );
    expect(await screen.findByText('An invitation is on its way to ana@example.co.nz.')).toBeTruthy();
  });
});

describe('the staff page', () => {
  it('deactivates after confirming', async () => {
    let deactivated = false;
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/staff/201': () => ({
        body: {
          data: buildStaff(deactivated ? { status: 'deactivated', deleted_at: '2026-01-05T02:38:00Z' } : {}),
        },
      }),
      'DELETE /api/staff/201': () => {
        deactivated = true;
        return { body: { data: buildStaff({ status: 'deactivated', deleted_at: '2026-01-05T02:38:00Z' }) } };
      },
    });
    renderSite('staff', '/staff/201');
    expect(await screen.findByRole('heading', { name: 'Zoe Clarke', level: 1 })).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Zoe Clarke?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivated', { selector: '.mantine-Badge-label' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull());
  });

  it('says when there is no such staff member', async () => {
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/staff/9': { status: 404, body: { message: 'Staff member not found.', error: 'not_found' } },
    });
    renderSite('staff', '/staff/9');
    expect(await screen.findByRole('heading', { name: 'Staff member not found' })).toBeTruthy();
  });
});

describe('a role that may not see staff', () => {
  it('is told why, with no Try again (which cannot help)', async () => {
    mockApi({
      'GET /api/me': { body: { data: trainer } },
      'GET /api/organisations/1/staff': {
        status: 403,
        body: { message: 'Only admins can see staff.', error: 'forbidden' },
      },
    });
    renderSite('staff', '/staff');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You cannot see the staff');
    expect(alert.textContent).toContain('Only admins can see staff.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
