import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPart } from '@/testing/render-part';
import { organisationAdmin } from '@/testing/users';
import type { Member } from '../api/member-answers';
import { MemberEditForm } from './member-edit-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member: Member = {
  id: 74,
  name: 'Amelia Anderson',
  email: 'amelia@example.co.nz',
  mobile_number: '029 152 0324',
  dob: '2008-02-24',
  email_notifications_enabled: true,
  push_notifications_enabled: false,
  payment_reminders: true,
  emergency_contact_name: 'Kiri Anderson',
  emergency_contact_email: null,
  emergency_contact_mobile_number: null,
  emergency_contact_relationship: 'Sister',
  address: '89 Tōtara Avenue',
  suburb: 'Freemans Bay',
  city: 'Auckland',
  post_code: '1011',
  confidence_and_experience: 'experienced_and_confident',
  confidence_and_experience_label: "I'm experienced and confident",
  hear_about_us: 'mystery',
  hear_about_us_other: null,
  hear_about_us_label: 'Unknown answer',
  notes: null,
  tags: ['vip'],
  home_gym: { id: 11, name: 'Ponsonby' },
  billing_date: null,
  billing_date_locked_reason:
    'This member has no membership yet: a billing date shapes the first payment of a membership, so add one first',
  profile_picture: null,
  visits_count: 3,
  last_visit_at: null,
  is_returning_member: false,
  reauthenticate_akahu: false,
  has_akahu_connection: false,
  default_payment_type: null,
  latest_subscription: null,
  payment_types: [],
  access_control_credentials: [],
  created_at: '2025-03-05T02:38:00.000Z',
  updated_at: '2025-03-05T02:38:00.000Z',
  deleted_at: null,
};

describe('editing a member', () => {
  it('shows the field message, then saves the corrected profile', async () => {
    const saved: unknown[] = [];
    mockApi({
      'PUT /api/members/74': (request) => {
        saved.push(request.body);
        return { body: { data: { ...member, notes: 'Early class' } } };
      },
    });
    const done = vi.fn();
    renderPart(<MemberEditForm member={member} onDone={done} />, { me: organisationAdmin });
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Value is not a valid email address')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'amelia@example.co.nz' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'Early class' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(saved[0]).toMatchObject({ email: 'amelia@example.co.nz', notes: 'Early class', tags: ['vip'] });
    // An answer the form does not know is left as it is; a billing date that cannot change is not sent.
    expect(saved[0]).not.toHaveProperty('hear_about_us');
    expect(saved[0]).not.toHaveProperty('billing_date');
    expect(screen.queryByRole('textbox', { name: 'Billing date' })).toBeNull();
  });

  it('shows a locked billing date read-only, with why', () => {
    mockApi({});
    const running = {
      ...member,
      billing_date: '2027-01-20',
      billing_date_locked_reason:
        'This membership’s billing is already running: a billing date only shapes a membership’s first payment',
    };
    renderPart(<MemberEditForm member={running} onDone={vi.fn()} />, { me: organisationAdmin });
    expect(screen.getByText('20 January 2027')).toBeTruthy();
    expect(screen.getByText(/billing is already running/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Billing date' })).toBeNull();
  });

  it('sets the billing date, with the server’s message at the field first', async () => {
    const open = { ...member, billing_date_locked_reason: null };
    const saved: unknown[] = [];
    mockApi({
      'PUT /api/members/74': (request) => {
        saved.push(request.body);
        return saved.length === 1
          ? {
              status: 422,
              body: {
                message: 'The given data was invalid.',
                errors: {
                  billing_date: ['The billing date must be within one billing period of the start date'],
                },
              },
            }
          : { body: { data: { ...open, billing_date: '2027-01-20' } } };
      },
    });
    const done = vi.fn();
    renderPart(<MemberEditForm member={open} onDone={done} />, { me: organisationAdmin });
    const field = screen.getByRole('textbox', { name: 'Billing date' });
    fireEvent.change(field, { target: { value: '20/03/2027' } });
    fireEvent.blur(field);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('The billing date must be within one billing period of the start date'),
    ).toBeTruthy();
    expect(saved[0]).toMatchObject({ billing_date: '2027-03-20' });
    fireEvent.change(field, { target: { value: '20/01/2027' } });
    fireEvent.blur(field);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(saved[1]).toMatchObject({ billing_date: '2027-01-20' });
  });
});
