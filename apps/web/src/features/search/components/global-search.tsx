// The top bar's member search (spec section 4): searches after 600 ms without typing; an empty box
// clears the results; results stay hidden while typing or loading; choosing one opens the member and
// clears the box, as does clicking elsewhere or Escape. Keyboard: arrows to move, Enter to open.
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { route } from '@/config/paths';
import { useSearchMembers } from '../api/search-members';

export const SEARCH_DEBOUNCE_MS = 600;

const noResultsMessage = (query: string) => `No results found for "${query}"`;

export function GlobalSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [settled] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchMembers(settled);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const typing = query.trim() !== settled;
  const showResults = settled !== '' && !typing && !search.isFetching && search.isSuccess;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is new each render; follow showResults only
  useEffect(() => {
    if (showResults) combobox.openDropdown();
    else combobox.closeDropdown();
  }, [showResults]);

  const clear = () => {
    setQuery('');
    combobox.closeDropdown();
  };

  const open = (id: string) => {
    clear();
    void navigate(route('members.show', { id }));
  };

  const results = showResults ? search.data : [];

  return (
    <Combobox store={combobox} onOptionSubmit={open}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          type="search"
          aria-label="Search members"
          placeholder="Search members"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size={14} role="status" aria-label="Searching" /> : null}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onBlur={clear}
          onKeyDown={(event) => {
            if (event.key === 'Escape') clear();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Members found">
          {results.length === 0 ? (
            <Combobox.Empty>{noResultsMessage(settled)}</Combobox.Empty>
          ) : (
            results.map((member) => (
              <Combobox.Option key={member.id} value={String(member.id)}>
                <Text size="sm">{member.name}</Text>
                <Text size="xs" c="dimmed">
                  {member.email}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
