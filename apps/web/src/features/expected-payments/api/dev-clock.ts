// GET /api/dev/clock: the app's clock (now, and today in Auckland). It answers only in a sandbox, to
// organisation admins; elsewhere 404, and the screen then goes by the browser's today and offers no move.
// POST /api/dev/clock moves it forward, running every billing day on the way. The screen moves it one day
// a request: it can say how far it has got, stop between days, and each answer carries signed-in
// sessions forward a day, so a long journey never outlives the page's own session.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import {
  type ClockReading,
  clockAnswer,
  expectedPaymentKeys,
  travelClockAnswer,
} from './expected-payment-answers';

/** One billing day can take a while on a busy sandbox (a month takes tens of seconds). */
const DAY_TIMEOUT_MS = 120_000;

const readDevClock = async (signal?: AbortSignal): Promise<ClockReading> =>
  (await api.get('/api/dev/clock', { schema: clockAnswer, signal })).data;

export const useDevClock = (organisationId: number) =>
  useQuery({
    queryKey: expectedPaymentKeys.clock(organisationId),
    queryFn: ({ signal }) => readDevClock(signal),
    // A 404 means there is no sandbox clock here: asking again will not change that.
    retry: false,
  });

const moveOneDay = () =>
  api.post('/api/dev/clock', { days: 1 }, { schema: travelClockAnswer, timeoutMs: DAY_TIMEOUT_MS });

/** What the days run so far did, added up. */
export interface JourneyTotals {
  charges: number;
  attempts: number;
  retries: number;
  graceEnded: number;
  doorsGranted: number;
  doorsRevoked: number;
}

export interface Journey {
  /** Days asked for. */
  of: number;
  /** Days run so far. */
  done: number;
  /** The app's today after the last day run. */
  today: string | null;
  stopping: boolean;
  totals: JourneyTotals;
}

export interface JourneyEnd {
  days: number;
  today: string | null;
  totals: JourneyTotals;
  error: unknown;
}

const NO_TOTALS: JourneyTotals = {
  charges: 0,
  attempts: 0,
  retries: 0,
  graceEnded: 0,
  doorsGranted: 0,
  doorsRevoked: 0,
};

/** Moves the clock `days` days forward, a day at a time; refreshes the screen's data when done. */
export function useMoveClock(organisationId: number) {
  const queryClient = useQueryClient();
  const [journey, setJourney] = useState<Journey | null>(null);
  const [ended, setEnded] = useState<JourneyEnd | null>(null);
  const stopAsked = useRef(false);

  const start = async (days: number) => {
    stopAsked.current = false;
    setEnded(null);
    let current: Journey = { of: days, done: 0, today: null, stopping: false, totals: NO_TOTALS };
    setJourney(current);
    let error: unknown = null;
    let reading: ClockReading | null = null;
    try {
      while (current.done < days && !stopAsked.current) {
        const { data } = await moveOneDay();
        const totals = { ...current.totals };
        for (const day of data.days) {
          totals.charges += day.charges;
          totals.attempts += day.attempts;
          totals.retries += day.retries;
          totals.graceEnded += day.graceEnded;
          totals.doorsGranted += day.doorsGranted;
          totals.doorsRevoked += day.doorsRevoked;
        }
        reading = { now: data.now, today: data.today, can_travel: data.can_travel };
        current = { ...current, done: current.done + 1, today: data.today, totals };
        setJourney((shown) => ({ ...current, stopping: shown?.stopping ?? false }));
      }
    } catch (caught) {
      error = caught;
    }
    // The lists are read again, once, for the new today (their range may follow it): forgetting them
    // rather than refetching them spares a read of the old range just before the new one.
    if (reading) queryClient.setQueryData(expectedPaymentKeys.clock(organisationId), reading);
    queryClient.removeQueries({ queryKey: expectedPaymentKeys.lists });
    setJourney(null);
    setEnded({ days: current.done, today: current.today, totals: current.totals, error });
  };

  const stop = () => {
    stopAsked.current = true;
    setJourney((shown) => (shown ? { ...shown, stopping: true } : shown));
  };

  return { journey, ended, start, stop, dismiss: () => setEnded(null) };
}
