// Add a price to an offering, or change one (POST /api/offerings/{id}/prices, PUT /api/prices/{id}).
// While members are subscribed, only the joining fee and the private switch may change.
import type { BillingFrequency } from '@gym/domain';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ERROR_INPUT_CLASS, type FieldErrors, scrollToFirstError, serverFieldErrors } from '@/lib/form';
import { errorMessage } from '@/lib/notify';
import type { Price } from '../api/offering-answers';
import { useCreatePrice, useUpdatePrice } from '../api/price-actions';
import {
  checkPriceDraft,
  emptyPriceDraft,
  PRICE_FIELDS,
  type PriceDraft,
  priceDraftOf,
} from '../lib/price-draft';
import { PriceFields } from './price-fields';

interface PriceModalProps {
  offeringId: number;
  /** The price to change; absent to add one. */
  price?: Price;
  frequencies: readonly BillingFrequency[];
  onClose: () => void;
}

export function PriceModal({ offeringId, price, frequencies, onClose }: PriceModalProps) {
  const create = useCreatePrice(offeringId);
  const update = useUpdatePrice(offeringId);
  const [draft, setDraft] = useState<PriceDraft>(() => (price ? priceDraftOf(price) : emptyPriceDraft()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const termsLocked = price !== undefined && price.subscriptions_count > 0;

  const change = (patch: Partial<PriceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const failed = (error: unknown) => {
    const fields = serverFieldErrors(error);
    setErrors(fields ?? {});
    const elsewhere = Object.entries(fields ?? {}).filter(
      ([key]) => !(PRICE_FIELDS as readonly string[]).includes(key),
    );
    if (!fields || elsewhere.length > 0) {
      setProblem([errorMessage(error), ...elsewhere.map(([, message]) => message)].join(' '));
    }
    requestAnimationFrame(() => scrollToFirstError());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const { input, errors: found } = checkPriceDraft(draft);
    setErrors(found);
    if (!input) {
      requestAnimationFrame(() => scrollToFirstError());
      return;
    }
    const options = { onSuccess: onClose, onError: failed };
    if (price) update.mutate({ priceId: price.id, input }, options);
    else create.mutate({ offeringId, input }, options);
  };

  const title = price
    ? `Edit price ${price.formatted_amount} ${price.billing_frequency_label}`
    : 'Add a price';
  return (
    <Modal opened onClose={pending ? () => {} : onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {problem ? (
            <Alert color="red" role="alert" title="Could not save the price" className={ERROR_INPUT_CLASS}>
              {problem}
            </Alert>
          ) : null}
          {termsLocked ? (
            <Alert color="blue">
              Members are subscribed to this price, so its amount, frequency and term cannot change. Create a
              new price instead.
            </Alert>
          ) : null}
          <PriceFields
            draft={draft}
            onChange={change}
            errors={errors}
            frequencies={frequencies}
            termsLocked={termsLocked}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {price ? 'Save price' : 'Add price'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
