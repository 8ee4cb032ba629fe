// The front desk (/check-in, issue 26): made for a tablet and a keyboard. Type a name, email, mobile or
// tag number (or scan a code: a scanner types it and presses Enter), pick the member (Enter takes the
// first), see their photo, state, what they owe and what the door would do, take a payment if they owe,
// and check them in. The search box has the focus on arrival (the desk's one task starts there, for a
// keyboard or a scanner) and takes it back after each check-in for the next person.
import { Alert, Button, Loader, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '@/lib/notify';
import {
  type CheckInOutcome,
  lookupQueryOptions,
  useCheckIn,
  useCheckInLookup,
  useDeskMember,
} from '../api/check-in';
import classes from './check-in-screen.module.css';
import { DeskMemberCard, DeskStateBadge } from './desk-member-card';

const TYPING_MS = 200;
const newKey = () => `desk-${crypto.randomUUID()}`;

interface PaymentDialogProps {
  subscriptionId: number;
  opened: boolean;
  onClose: () => void;
}

interface Props {
  /** The manual payment dialog (the subscriptions feature's), given by the route. */
  paymentDialog: (props: PaymentDialogProps) => ReactNode;
}

function outcomeText(answer: CheckInOutcome): string {
  const { visit, member } = answer;
  return visit.successful
    ? `${member.name} is checked in at ${visit.gym.name}.`
    : `${member.name} was not let in: ${visit.refused_reason_label}. The refused visit is recorded.`;
}

export function CheckInScreen({ paymentDialog }: Props) {
  const [typed, setTyped] = useState('');
  const [settled] = useDebouncedValue(typed.trim(), TYPING_MS);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [key, setKey] = useState(newKey);
  const search = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const lookup = useCheckInLookup(settled);
  const chosen = useDeskMember(chosenId);
  const checkIn = useCheckIn();
  const found = settled === '' ? [] : (lookup.data ?? []);

  const choose = (id: number) => {
    setChosenId(id);
    setKey(newKey());
    checkIn.reset();
  };

  const nextPerson = () => {
    setTyped('');
    search.current?.focus();
  };

  const submitSearch = async () => {
    // A scanner types fast and presses Enter before the pause: look the exact text up at once.
    const text = typed.trim();
    if (text === '') return;
    // The cached answer when it is there, else the one on its way (or a new one): never the list shown
    // for an earlier text, which may still be on screen while this one loads.
    const first = (await queryClient.fetchQuery(lookupQueryOptions(text)))[0];
    if (first) choose(first.id);
  };

  const member = chosen.data ?? null;
  return (
    <Stack gap="lg" className={classes.screen}>
      <Title order={1}>Check-in</Title>
      <search aria-label="Find a member">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submitSearch();
          }}
        >
          <TextInput
            ref={search}
            size="lg"
            label="Find a member"
            description="Name, email, mobile or tag number; or scan their code"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoFocus
            autoComplete="off"
            rightSection={lookup.isFetching ? <Loader size="xs" aria-label="Looking" /> : null}
          />
        </form>
      </search>

      {settled !== '' && lookup.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(lookup.error)}
        </Alert>
      ) : null}
      {settled !== '' && lookup.isSuccess && found.length === 0 ? (
        <Text role="status">No member matches “{settled}”.</Text>
      ) : null}
      {found.length > 0 ? (
        <ul className={classes.results} aria-label="Members found">
          {found.map((m) => (
            <li key={m.id}>
              <UnstyledButton
                className={classes.result}
                data-chosen={m.id === chosenId || undefined}
                aria-pressed={m.id === chosenId}
                onClick={() => choose(m.id)}
              >
                <Text fw={600}>{m.name}</Text>
                <Text size="sm" c="dimmed" className={classes.detail}>
                  {[m.email, m.mobile_number].filter(Boolean).join(' · ')}
                </Text>
                <DeskStateBadge member={m} />
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}

      {checkIn.isSuccess ? (
        <Alert
          role="status"
          color={checkIn.data.visit.successful ? 'green' : 'red'}
          title={checkIn.data.visit.successful ? 'Checked in' : 'Not let in'}
        >
          {outcomeText(checkIn.data)}
        </Alert>
      ) : null}
      {checkIn.isError ? (
        <Alert role="alert" color="red" title="Not checked in">
          {errorMessage(checkIn.error)}
        </Alert>
      ) : null}

      {chosenId !== null && chosen.isPending ? <Loader aria-label="Loading the member" /> : null}
      {chosen.isError ? (
        <Alert role="alert" color="red">
          {errorMessage(chosen.error)}
        </Alert>
      ) : null}
      {member ? (
        <DeskMemberCard
          member={member}
          actions={
            <>
              <Button
                size="lg"
                color={member.door.allowed ? 'green' : 'red'}
                loading={checkIn.isPending}
                disabled={checkIn.isSuccess && checkIn.data.member.id === member.id}
                onClick={() =>
                  checkIn.mutate(
                    { user_id: member.id, idempotency_key: key },
                    { onSuccess: () => nextPerson() },
                  )
                }
              >
                {member.door.allowed ? 'Check in' : 'Record refused visit'}
              </Button>
              {member.subscription && member.subscription.balance_owing > 0 ? (
                <Button size="lg" variant="default" onClick={() => setPaying(true)}>
                  Take a payment
                </Button>
              ) : null}
            </>
          }
        />
      ) : null}
      {member?.subscription
        ? paymentDialog({
            subscriptionId: member.subscription.id,
            opened: paying,
            onClose: () => {
              setPaying(false);
              // What they owe and the door's answer, again after the payment.
              void chosen.refetch();
            },
          })
        : null}
    </Stack>
  );
}
