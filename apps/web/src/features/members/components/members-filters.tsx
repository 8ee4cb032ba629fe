// The members list's filters: each change goes into the address (members-screen keeps them there).
import { Button, Checkbox, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { NzDateInput } from '@/components/ui/nz-date-input';
import type { GymOption } from '@/lib/gym-options';
import { MEMBER_STATES } from '../api/member-answers';
import type { FilterKey, MemberFilterState } from '../lib/member-filters';
import { STATE_LABELS } from './state-badge';

interface PriceChoice {
  id: number;
  label: string;
  offering: { id: number; name: string };
}

export function MembersFilters({
  filters,
  gyms,
  prices,
  onChange,
}: {
  filters: MemberFilterState;
  gyms: GymOption[];
  prices: PriceChoice[];
  onChange(changes: Partial<Record<FilterKey, string>>): void;
}) {
  const [search, setSearch] = useState(filters.search);
  const [tag, setTag] = useState(filters.tag);
  const pushSearch = useDebouncedCallback((value: string) => onChange({ search: value.trim() }), 400);
  const pushTag = useDebouncedCallback((value: string) => onChange({ tag: value.trim() }), 400);
  const offerings = [...new Map(prices.map((p) => [p.offering.id, p.offering])).values()];
  const shownPrices = filters.offeringId
    ? prices.filter((p) => p.offering.id === filters.offeringId)
    : prices;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter members">
      <TextInput
        label="Search"
        placeholder="Name, email or mobile"
        leftSection={<IconSearch size={14} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        w={220}
      />
      <Select
        label="State"
        placeholder="Any state"
        data={MEMBER_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
        value={filters.state}
        onChange={(value) => onChange({ state: value ?? '' })}
        clearable
        w={140}
      />
      {gyms.length > 1 && (
        <Select
          label="Gym"
          placeholder="Every gym"
          data={gyms.map((gym) => ({ value: String(gym.id), label: gym.name }))}
          value={filters.gymId ? String(filters.gymId) : null}
          onChange={(value) => onChange({ gym: value ?? '' })}
          clearable
          w={170}
        />
      )}
      <Select
        label="Offering"
        placeholder="Any offering"
        data={offerings.map((o) => ({ value: String(o.id), label: o.name }))}
        value={filters.offeringId ? String(filters.offeringId) : null}
        onChange={(value) => onChange({ offering: value ?? '', price: '' })}
        clearable
        searchable
        w={170}
      />
      <Select
        label="Price"
        placeholder="Any price"
        data={shownPrices.map((p) => ({ value: String(p.id), label: p.label }))}
        value={filters.priceId ? String(filters.priceId) : null}
        onChange={(value) => onChange({ price: value ?? '' })}
        clearable
        searchable
        w={220}
      />
      <TextInput
        label="Tag"
        placeholder="Any tag"
        value={tag}
        onChange={(event) => {
          setTag(event.currentTarget.value);
          pushTag(event.currentTarget.value);
        }}
        w={120}
      />
      <NumberInput
        label="No visit in (days)"
        placeholder="Any"
        min={1}
        max={3650}
        allowDecimal={false}
        value={filters.inactiveDays ?? ''}
        onChange={(value) => onChange({ inactive: value === '' ? '' : String(value) })}
        w={150}
      />
      <NzDateInput
        label="Joined from"
        value={filters.joinedFrom ?? ''}
        onChange={(value) => onChange({ from: value })}
        w={150}
      />
      <NzDateInput
        label="Joined to"
        value={filters.joinedTo ?? ''}
        onChange={(value) => onChange({ to: value })}
        w={150}
      />
      <Checkbox
        label="Owes money"
        checked={filters.owing}
        onChange={(event) => onChange({ owing: event.currentTarget.checked ? 'true' : '' })}
        mb={8}
      />
      <Checkbox
        label="Cancelled online"
        checked={filters.cancelledOnline}
        onChange={(event) => onChange({ online: event.currentTarget.checked ? 'cancelled' : '' })}
        mb={8}
      />
      <Button
        variant="subtle"
        onClick={() => {
          setSearch('');
          setTag('');
          onChange({
            search: '',
            state: '',
            gym: '',
            offering: '',
            price: '',
            tag: '',
            owing: '',
            online: '',
            inactive: '',
            from: '',
            to: '',
          });
        }}
      >
        Clear filters
      </Button>
    </Group>
  );
}
