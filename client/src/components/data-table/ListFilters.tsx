// The filter card at the top of every admin list: the search box (written to the URL after a
// pause), the screen's selects, 'Limpiar filtros', and whatever goes under them (the count line).
import type { ReactNode } from 'react';
import { Button, Card, Group, Select, Stack, TextInput, type SelectProps } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { LIST_SEARCH_MIN_LENGTH } from '@casillero/shared';
import { useDebouncedSearch } from './useListUrlState';

type ListFiltersProps<S extends object> = {
  /** The route's search params. */
  search: S;
  /** The list's URL state (useListUrlState). */
  list: { setFilters: (patch: Partial<S>) => void; clear: (keys: (keyof S)[]) => void };
  /** The params 'Limpiar filtros' drops ('q' among them); it is enabled while any is set. */
  keys: (keyof S)[];
  /** The search box's placeholder. */
  placeholder: string;
  /** The URL param the search box writes ('q' unless the list searches one field, e.g. the audit's action). */
  searchKey?: keyof S & string;
  /** The screen's "type at least N characters" text, shown while the search is too short to run. */
  tooShortMessage: (min: number) => string;
  /** The filter selects, between the search box and 'Limpiar filtros'. */
  filters?: ReactNode;
  /**
   * Enter in the search box (a barcode scanner ends with it): answers whether it acted on the
   * text (e.g. opened the package of a scanned WR), and then the box is emptied.
   */
  onSearchEnter?: (text: string) => boolean | Promise<boolean>;
  /** Under the filter row (the count line, status tabs). */
  children?: ReactNode;
};

export function ListFilters<S extends object>({
  search,
  list,
  keys,
  placeholder,
  searchKey,
  tooShortMessage,
  filters,
  onSearchEnter,
  children,
}: ListFiltersProps<S>) {
  const key = (searchKey ?? 'q') as keyof S;
  const value = search[key] as string | undefined;
  const [text, setText] = useDebouncedSearch(value, (q) => list.setFilters({ [key]: q } as Partial<S>));
  const hasFilters = keys.some((k) => Boolean(search[k]));
  // Only the general search ('q') has a minimum length (trigram indexes); a field's value is exact.
  const tooShort = key === 'q' && Boolean(value && value.length < LIST_SEARCH_MIN_LENGTH);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder={placeholder}
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={async (e) => {
              if (e.key !== 'Enter' || !onSearchEnter || !e.currentTarget.value.trim()) return;
              e.preventDefault();
              if (!(await onSearchEnter(e.currentTarget.value.trim()))) return;
              // The pause may have written the text to the URL while the look-up ran: drop it there too.
              setText('');
              list.clear([key]);
            }}
            error={tooShort ? tooShortMessage(LIST_SEARCH_MIN_LENGTH) : undefined}
            // At least 260 px, and whatever the selects leave on its row: a row of its own on a phone.
            style={{ flex: '1 1 260px' }}
          />
          {filters}
          <Button
            variant="default"
            leftSection={<IconFilterOff size={16} />}
            disabled={!hasFilters}
            onClick={() => {
              setText('');
              list.clear(keys);
            }}
          >
            Limpiar filtros
          </Button>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** A select's options from a domain's values and their Spanish labels. */
export const labelOptions = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

type FilterSelectProps<V extends string> = {
  label: string;
  /** Shown while nothing is chosen: every value passes. */
  placeholder?: string;
  w: number;
  data: SelectProps['data'];
  /** The URL's value; none when the filter is off. */
  value: V | undefined;
  onChange: (value: V | undefined) => void;
};

/** One of a list's filters: a clearable select over a URL param. */
export function FilterSelect<V extends string>({
  label,
  placeholder = 'Todos',
  w,
  data,
  value,
  onChange,
}: FilterSelectProps<V>) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      w={{ base: '100%', sm: w }}
      data={data}
      value={value ?? null}
      onChange={(v) => onChange((v ?? undefined) as V | undefined)}
    />
  );
}
