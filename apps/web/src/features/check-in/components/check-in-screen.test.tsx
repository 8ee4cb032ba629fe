import '@/testing/browser-apis';
import type { CheckInMember } from '@gym/domain/api/check-in';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderPart } from '@/testing/render-part';
import { organisationAdmin } from '@/testing/users';
import { CheckInScreen } from './check-in-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ana: CheckInMember = {
  id: 9,
  name: 'Ana Scott',
  email: 'ana@example.co.nz',
  mobile_number: '021 407 2953',
  profile_picture: null,
  tags: ['A17'],
  home_gym: { id: 1, name: 'Ponsonby' },
  last_visit_at: null,
  subscription: {
    id: 4,
    offering_name: 'Anytime',
    state: 'grace',
    card_colour: 'amber',
    balance_owing: 2100,
    formatted_balance_owing: '$21.00',
    periods_owing: 1,
  },
  door: { allowed: true, reason: null, reason_label: null },
};

describe('the check-in screen', () => {
  it('chooses the first member found when Enter comes before the answer (a scanner)', async () => {
    let answer: () => void = () => {};
    mockApi({
      'GET /api/check-in/members': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { data: [ana] } });
        }),
      'GET /api/check-in/members/9': { body: { data: ana } },
    });
    renderPart(<CheckInScreen paymentDialog={() => null} />, { me: organisationAdmin });
    const search = screen.getByRole('textbox', { name: /Find a member/ });
    fireEvent.change(search, { target: { value: 'A17' } });
    fireEvent.submit(search.closest('form')!);
    await vi.waitFor(() => answer());
    expect(await screen.findByRole('heading', { name: 'Ana Scott' })).toBeTruthy();
    expect(screen.getByTestId('owing').textContent).toBe('Owes $21.00 (1 payment missed)');
    expect(screen.getByTestId('door').textContent).toBe('The door would let them in');
    expect(screen.getByRole('button', { name: 'Take a payment' })).toBeTruthy();
  });
});
