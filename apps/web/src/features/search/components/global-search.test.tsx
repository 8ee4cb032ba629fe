import '@/testing/browser-apis';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/app-provider';
import { mockApi } from '@/testing/mock-api';
import { GlobalSearch, SEARCH_DEBOUNCE_MS } from './global-search';

const MEMBERS = [
  { id: 42, name: 'Aroha Ngata', email: 'aroha@example.co.nz' },
  { id: 43, name: 'Arohanui Smith', email: 'arohanui@example.co.nz' },
];

function MemberScreen() {
  return <h1>Member {useParams().id}</h1>;
}

function renderSearch() {
  const api = mockApi({
    'POST /api/search': ({ body }) => {
      const query = String((body as { query: string }).query).toLowerCase();
      return { body: { data: MEMBERS.filter((m) => m.name.toLowerCase().includes(query)) } };
    },
  });
  const router = createMemoryRouter([
    { path: '/', element: <GlobalSearch /> },
    { path: '/members/:id', element: <MemberScreen /> },
  ]);
  render(
    <AppProvider host="staff">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Search members' }) as HTMLInputElement;
  return { ...api, router, input };
}

const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The quiet period passes, then the answer arrives and shows. */
async function searchSettles() {
  await wait(SEARCH_DEBOUNCE_MS);
  for (let i = 0; i < 5; i++) await wait(10);
}
// jsdom lays nothing out, so the floating dropdown counts as detached (display: none): look anyway.
const listbox = () => screen.queryByRole('listbox', { hidden: true });
/** Results are shown: the list is open (aria-expanded) and has something in it. */
const resultsShown = (input: HTMLInputElement) =>
  input.getAttribute('aria-expanded') === 'true' && (listbox()?.textContent ?? '') !== '';
const options = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the global member search', () => {
  it('searches only after 600 ms without typing', async () => {
    const { input, callsTo } = renderSearch();
    type(input, 'a');
    await wait(400);
    type(input, 'aro');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(callsTo('POST /api/search')).toEqual([]);
    await wait(1);
    for (let i = 0; i < 5; i++) await wait(10);
    expect(callsTo('POST /api/search')).toEqual([{ query: 'aro' }]);
    expect(options()).toEqual(['Aroha Ngataaroha@example.co.nz', 'Arohanui Smitharohanui@example.co.nz']);
  });

  it('hides the results while typing, until the next search answers', async () => {
    const { input } = renderSearch();
    type(input, 'aroha');
    await searchSettles();
    expect(resultsShown(input)).toBe(true);
    type(input, 'arohan');
    expect(resultsShown(input)).toBe(false);
    await searchSettles();
    expect(options()).toEqual(['Arohanui Smitharohanui@example.co.nz']);
  });

  it('says so when nothing matches', async () => {
    const { input } = renderSearch();
    type(input, 'zzz');
    await searchSettles();
    expect(listbox()?.textContent).toBe('No results found for "zzz"');
  });

  it('clears the results when the box is emptied, without searching', async () => {
    const { input, callsTo } = renderSearch();
    type(input, 'aro');
    await searchSettles();
    type(input, '   ');
    await searchSettles();
    expect(resultsShown(input)).toBe(false);
    expect(callsTo('POST /api/search')).toHaveLength(1);
  });

  it('opens the member clicked and clears the search', async () => {
    const { input, router } = renderSearch();
    type(input, 'aroha');
    await searchSettles();
    fireEvent.click(screen.getByRole('option', { name: /Aroha Ngata/, hidden: true }));
    await wait(0);
    expect(router.state.location.pathname).toBe('/members/42');
    expect(screen.getByRole('heading', { name: 'Member 42' })).toBeTruthy();
  });

  it('opens a member with the arrow keys and Enter', async () => {
    const { input, router } = renderSearch();
    input.focus();
    type(input, 'aroha');
    await searchSettles();
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await wait(0);
    expect(router.state.location.pathname).toBe('/members/43');
  });

  it('clears the search on Escape and when clicking elsewhere', async () => {
    const { input } = renderSearch();
    type(input, 'aroha');
    await searchSettles();
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' });
    expect(input.value).toBe('');
    expect(resultsShown(input)).toBe(false);

    type(input, 'aroha');
    await searchSettles();
    expect(options()).toHaveLength(2);
    fireEvent.blur(input);
    expect(input.value).toBe('');
    expect(resultsShown(input)).toBe(false);
  });
});
