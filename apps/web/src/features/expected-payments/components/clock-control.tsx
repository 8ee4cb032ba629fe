// The sandbox clock (only where GET /api/dev/clock answers and the clock can travel): the app's date, and
// moving it forward a number of days after a confirmation, with progress while each day runs.
import type { CalendarDate } from '@gym/domain/calendar-date';
import { formatDate } from '@gym/domain/format';
import { Alert, Button, Group, Modal, NumberInput, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/notify';
import type { Journey, JourneyEnd, JourneyTotals } from '../api/dev-clock';
import { type ClockReading, MAX_CLOCK_DAYS } from '../api/expected-payment-answers';

const DEFAULT_CLOCK_DAYS = 30;

const dateOf = (today: string) => formatDate(today as CalendarDate);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '30 days run: 412 charges, 9 retries, 3 graces ended, 3 door accesses taken away.' */
function journeySummary(totals: JourneyTotals): string {
  const parts = [
    plural(totals.charges, 'charge'),
    plural(totals.attempts, 'payment attempt'),
    plural(totals.retries, 'retry', 'retries'),
    plural(totals.graceEnded, 'grace ended', 'graces ended'),
    `${plural(totals.doorsGranted, 'door access', 'door accesses')} given`,
    `${plural(totals.doorsRevoked, 'door access', 'door accesses')} taken away`,
  ];
  return `${parts.join(', ')}.`;
}

function validDays(value: number | string): number | null {
  const days = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(days) && days >= 1 && days <= MAX_CLOCK_DAYS ? days : null;
}

function Progressing({ journey, onStop }: { journey: Journey; onStop(): void }) {
  const percent = Math.round((journey.done / journey.of) * 100);
  return (
    <Stack gap={6}>
      <Progress value={percent} animated aria-label="Moving the clock" size="lg" />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" role="status">
          {journey.stopping ? 'Stopping after this day. ' : ''}
          {journey.done} of {plural(journey.of, 'day')} run
          {journey.today ? `: the app's date is now ${dateOf(journey.today)}` : ''}.
        </Text>
        <Button variant="default" size="compact-sm" onClick={onStop} disabled={journey.stopping}>
          Stop after this day
        </Button>
      </Group>
    </Stack>
  );
}

function Ended({ ended, onClose }: { ended: JourneyEnd; onClose(): void }) {
  const moved = ended.today
    ? `The clock moved ${plural(ended.days, 'day')}, to ${dateOf(ended.today)}. `
    : '';
  if (ended.error) {
    return (
      <Alert color="red" role="alert" title="The clock stopped" withCloseButton onClose={onClose}>
        {moved}
        {errorMessage(ended.error)}
      </Alert>
    );
  }
  return (
    <Alert color="green" role="status" title="Clock moved" withCloseButton onClose={onClose}>
      {moved}
      {journeySummary(ended.totals)}
    </Alert>
  );
}

interface ClockControlProps {
  clock: ClockReading;
  journey: Journey | null;
  ended: JourneyEnd | null;
  onMove(days: number): void;
  onStop(): void;
  onDismiss(): void;
}

export function ClockControl({ clock, journey, ended, onMove, onStop, onDismiss }: ClockControlProps) {
  const [days, setDays] = useState<number | string>(DEFAULT_CLOCK_DAYS);
  const [confirming, setConfirming] = useState<number | null>(null);
  const chosen = validDays(days);
  const today = journey?.today ?? clock.today;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sandbox-clock-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="sandbox-clock-title">
              Sandbox clock
            </Title>
            <Text size="sm">
              App date: <strong>{dateOf(today)}</strong>
            </Text>
          </Stack>
          <form
            aria-label="Move the clock"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen !== null) setConfirming(chosen);
            }}
          >
            <Group align="flex-start" gap="sm">
              <NumberInput
                label="Days"
                value={days}
                onChange={setDays}
                min={1}
                max={MAX_CLOCK_DAYS}
                allowDecimal={false}
                allowNegative={false}
                w={110}
                disabled={journey !== null}
                error={chosen === null ? `Between 1 and ${MAX_CLOCK_DAYS}` : undefined}
              />
              <Button
                type="submit"
                mt={25}
                leftSection={<IconClockPlay size={16} aria-hidden />}
                disabled={chosen === null || journey !== null}
                loading={journey !== null}
              >
                Move clock forward
              </Button>
            </Group>
          </form>
        </Group>
        {journey ? <Progressing journey={journey} onStop={onStop} /> : null}
        {!journey && ended ? <Ended ended={ended} onClose={onDismiss} /> : null}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={`Move the clock forward ${plural(confirming ?? 0, 'day')}?`}
      >
        <Stack gap="md">
          <Text size="sm">
            Every billing day on the way runs as it would have: members are charged, failed payments are
            retried, grace ends and memberships are cancelled for non-payment, door access changes and mail
            goes out. The clock cannot be moved back.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color="orange"
              data-autofocus
              onClick={() => {
                const move = confirming;
                setConfirming(null);
                if (move !== null) onMove(move);
              }}
            >
              Move forward {plural(confirming ?? 0, 'day')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
