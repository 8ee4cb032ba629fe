// /calculate-pro-rata: pick a price and a start date (and the member's billing date, if fixed); the server
// works out the first charge and shows its working.
import { todayInAuckland, VALUE_REQUIRED } from '@gym/domain';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalculator } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorProps, type FieldErrors, serverFieldErrors, useScrollToFirstError } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session/me';
import { useCalculateProRata } from '../api/calculate-pro-rata';
import { useOrganisationPrices } from '../api/list-prices';
import { filterPriceOptions, priceOptionLabel, priceOptions } from '../lib/price-options';
import { LoadFailure } from './load-failure';
import { ProRataResult } from './pro-rata-result';

const DATE_FORMAT = 'D MMM YYYY';

function Calculator({ organisationId }: { organisationId: number }) {
  const prices = useOrganisationPrices(organisationId);
  const calculate = useCalculateProRata();
  const [priceId, setPriceId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState<string | null>(() => todayInAuckland(new Date()));
  const [billingDate, setBillingDate] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const scrollToFirstError = useScrollToFirstError();

  /** A changed question clears the old answer and the message of the field changed. */
  const changed = (field: string) => {
    calculate.reset();
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!priceId) found.price = VALUE_REQUIRED;
    if (!startDate) found.start_date = VALUE_REQUIRED;
    setErrors(found);
    if (!priceId || !startDate) return scrollToFirstError();
    calculate.mutate(
      { priceId: Number(priceId), startDate, billingDate },
      { onError: (error) => setErrors(serverFieldErrors(error) ?? {}) },
    );
  };

  if (prices.isError) {
    return <LoadFailure error={prices.error} what="the prices" onRetry={() => void prices.refetch()} />;
  }
  const chosen = prices.data?.find((price) => String(price.id) === priceId);
  const failedElsewhere = calculate.isError && serverFieldErrors(calculate.error) === null;
  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate aria-label="Calculate pro rata">
          <Stack gap="md">
            <Select
              label="Price"
              description="Prices on sale that renew; a one-off price is always charged in full"
              placeholder={prices.isPending ? 'Loading prices…' : 'Search by offering or amount'}
              data={priceOptions(prices.data ?? [])}
              filter={filterPriceOptions}
              searchable
              required
              disabled={prices.isPending}
              nothingFoundMessage="No price matches"
              value={priceId}
              onChange={(value) => {
                setPriceId(value);
                changed('price');
              }}
              {...errorProps(errors, 'price')}
            />
            <Group grow align="flex-start">
              <DatePickerInput
                label="Start date"
                description="The member's first day"
                valueFormat={DATE_FORMAT}
                required
                value={startDate}
                onChange={(value) => {
                  setStartDate(value);
                  changed('start_date');
                }}
                {...errorProps(errors, 'start_date')}
              />
              <DatePickerInput
                label="Billing date"
                description="Optional: the member's fixed billing date. Empty: a full period from the start"
                valueFormat={DATE_FORMAT}
                clearable
                minDate={startDate ?? undefined}
                value={billingDate}
                onChange={(value) => {
                  setBillingDate(value);
                  changed('billing_date');
                }}
                {...errorProps(errors, 'billing_date')}
              />
            </Group>
            {failedElsewhere ? (
              <Alert color="red" role="alert" title="Could not work it out">
                {errorMessage(calculate.error)}
              </Alert>
            ) : null}
            <Group>
              <Button
                type="submit"
                loading={calculate.isPending}
                leftSection={<IconCalculator size={16} aria-hidden />}
              >
                Calculate
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {calculate.data && chosen ? (
        <ProRataResult
          result={calculate.data}
          priceLabel={`${chosen.offering.name}: ${priceOptionLabel(chosen)}`}
        />
      ) : null}
    </Stack>
  );
}

export function ProRataCalculator() {
  const user = useCurrentUser();
  const organisationId = user.current_organisation?.id;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Calculate pro rata</Title>
        <Text c="dimmed">
          What a member pays first when they start between billing dates: the days up to the billing date,
          plus any joining fee.
        </Text>
      </Stack>
      {organisationId === undefined ? (
        <Alert color="yellow" title="No organisation chosen">
          Choose an organisation to see its prices.
        </Alert>
      ) : (
        <Calculator organisationId={organisationId} />
      )}
    </Stack>
  );
}
