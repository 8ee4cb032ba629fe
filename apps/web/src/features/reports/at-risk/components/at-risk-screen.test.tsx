import '@/testing/browser-apis';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderSite } from '@/testing/render-site';
import { organisationAdmin } from '@/testing/users';
import type { AtRiskAnswer } from '../api/at-risk-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const followUp = {
  contacts_from: '2026-09-29',
  as_of: '2026-10-28',
  contacted: { members: 2, stayed: 1, in_words: '1 of 2 (50%)' },
  not_contacted: { members: 3, stayed: 2, in_words: '2 of 3 (67%)' },
};

const answer = (contacted: boolean): AtRiskAnswer => ({
  data: [
    {
      user: { id: 7, name: 'Aroha Ngata', email: 'aroha@example.co.nz' },
      gym: { id: 11, name: 'Ponsonby' },
      reasons: [
        {
          kind: 'visits_fell',
          text: 'Visited 3 times a week from 17 October to 13 November, once since 14 November',
        },
      ],
      last_contact: contacted
        ? {
            id: 1,
            contacted_at: '2026-11-26T21:00:00.000Z',
            note: 'Back next week',
            by: { id: 1, name: 'Sarah Mitchell' },
          }
        : null,
    },
  ],
  meta: {
    current_page: 1,
    per_page: 25,
    total: 1,
    last_page: 1,
    window: { baseline_from: '2026-10-17', recent_from: '2026-11-14', through: '2026-11-27' },
    follow_up: followUp,
  },
});

describe('the at-risk screen', () => {
  it('shows the reasons and the follow-up, and marks a member contacted after checking the note', async () => {
    let contacted = false;
    const api = mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [{ id: 11, name: 'Ponsonby' }] } },
      'GET /api/reports/at-risk': () => ({ body: answer(contacted) }),
      'POST /api/reports/at-risk/contacts': ({ body }) => {
        contacted = true;
        return {
          status: 201,
          body: {
            data: {
              id: 1,
              contacted_at: '2026-11-26T21:00:00.000Z',
              note: (body as { note: string }).note,
              by: { id: 1, name: 'Sarah Mitchell' },
            },
          },
        };
      },
    });
    renderSite('staff', '/reports/at-risk?gym=11');
    await screen.findByText('Aroha Ngata');
    expect(
      screen.getByText('Visited 3 times a week from 17 October to 13 November, once since 14 November'),
    ).toBeTruthy();
    expect(screen.getByText('1 of 2 (50%) stayed')).toBeTruthy();
    expect(screen.getByText('2 of 3 (67%) stayed')).toBeTruthy();
    expect(api.callsTo('GET /api/reports/at-risk')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Mark Aroha Ngata as contacted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Aroha Ngata as contacted' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await within(dialog).findByText('Write what was said')).toBeTruthy();
    expect(api.callsTo('POST /api/reports/at-risk/contacts')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /What was said/ }), {
      target: { value: 'Back next week' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/reports/at-risk/contacts')).toEqual([
        { user_id: 7, note: 'Back next week' },
      ]),
    );
    expect(await screen.findByText('Aroha Ngata is marked as contacted.')).toBeTruthy();
    expect(await screen.findByText('Back next week')).toBeTruthy();
  });

  it('says so when nobody is at risk', async () => {
    mockApi({
      'GET /api/me': { body: { data: organisationAdmin } },
      'GET /api/gyms': { body: { data: [] } },
      'GET /api/reports/at-risk': {
        body: { ...answer(false), data: [], meta: { ...answer(false).meta, total: 0 } },
      },
    });
    renderSite('staff', '/reports/at-risk');
    expect(await screen.findByText('Nobody is at risk')).toBeTruthy();
  });
});
