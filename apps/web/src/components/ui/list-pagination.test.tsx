import '@/testing/browser-apis';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPart } from '@/testing/render-part';
import { organisationAdmin } from '@/testing/users';
import { ListPagination } from './list-pagination';

afterEach(cleanup);

const meta = { current_page: 1, per_page: 25, total: 10_000, last_page: 400 };

describe('ListPagination', () => {
  it('shows an exact total as it is', async () => {
    renderPart(<ListPagination meta={meta} noun="members" onPage={() => {}} />, { me: organisationAdmin });
    expect(await screen.findByText('10,000 members')).toBeTruthy();
  });

  it('shows a total the list stopped counting at as that many or more', async () => {
    renderPart(<ListPagination meta={meta} noun="members" totalCapped onPage={() => {}} />, {
      me: organisationAdmin,
    });
    expect(await screen.findByText('10,000+ members')).toBeTruthy();
  });
});
