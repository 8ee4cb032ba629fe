// The prices section of an offering's page: those on sale, then the archived ones, and adding a price.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCatalogueChoices } from '../api/catalogue-settings';
import type { Offering } from '../api/offering-answers';
import { sortPrices } from '../lib/price-order';
import { PriceCard } from './price-card';
import { PriceModal } from './price-modal';

interface OfferingPricesProps {
  offering: Offering;
  canWrite: boolean;
}

export function OfferingPrices({ offering, canWrite }: OfferingPricesProps) {
  const { frequencies } = useCatalogueChoices();
  const [adding, setAdding] = useState(false);
  const offeringArchived = offering.archived_at !== null;
  const prices = sortPrices(offering.prices);
  const onSale = prices.filter((price) => price.archived_at === null);
  const archived = prices.filter((price) => price.archived_at !== null);
  const card = (price: (typeof prices)[number]) => (
    <PriceCard
      key={price.id}
      price={price}
      offeringId={offering.id}
      offeringArchived={offeringArchived}
      canWrite={canWrite}
      frequencies={frequencies}
    />
  );

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="prices-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="prices-heading">
            Prices
          </Title>
          {canWrite && !offeringArchived ? (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding(true)}
            >
              Add a price
            </Button>
          ) : null}
        </Group>
        {onSale.length === 0 ? (
          <Text c="dimmed">
            {offeringArchived ? 'Nothing is on sale: this offering is archived.' : 'No prices on sale yet.'}
          </Text>
        ) : (
          onSale.map(card)
        )}
        {archived.length > 0 ? (
          <Stack gap="sm" component="section" aria-labelledby="archived-prices-heading">
            <Title order={3} size="h5" c="dimmed" id="archived-prices-heading">
              Archived prices
            </Title>
            {archived.map(card)}
          </Stack>
        ) : null}
      </Stack>
      {adding ? (
        <PriceModal offeringId={offering.id} frequencies={frequencies} onClose={() => setAdding(false)} />
      ) : null}
    </Paper>
  );
}
