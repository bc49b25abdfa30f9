import { useState } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trpc } from '../../../../lib/trpc';
import type { CustomerChoice } from './types';

type CustomerPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string;
  onChange: (userId: string, customer: CustomerChoice | null) => void;
};

const labelOf = (c: CustomerChoice) => (c.fullName ? `${c.fullName} · ${c.email}` : c.email);

/** A customer chosen by name, e-mail or mailbox code, searched on the server (50 at a time). */
export function CustomerPicker({ value, onChange, ...props }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<CustomerChoice | null>(null);
  // Once chosen, the box shows the customer's label: that is not a search.
  const q = chosen && debounced === labelOf(chosen) ? undefined : debounced.trim() || undefined;
  const options = useQuery({ ...trpc.packages.customers.queryOptions({ q }), placeholderData: keepPreviousData });
  const list = options.data ?? [];
  const all = chosen && chosen.userId === value && !list.some((c) => c.userId === value) ? [chosen, ...list] : list;

  return (
    <Select
      label="Cliente"
      placeholder="Busca por nombre, email o casillero"
      searchable
      clearable
      nothingFoundMessage={options.isFetching ? 'Buscando...' : 'Sin resultados'}
      {...props}
      data={all.map((c) => ({ value: c.userId, label: labelOf(c) }))}
      // The server already filtered by the text typed.
      filter={({ options: o }) => o}
      searchValue={search}
      onSearchChange={setSearch}
      value={value || null}
      onChange={(id) => {
        const customer = all.find((c) => c.userId === id) ?? null;
        setChosen(customer);
        onChange(id ?? '', customer);
      }}
    />
  );
}
