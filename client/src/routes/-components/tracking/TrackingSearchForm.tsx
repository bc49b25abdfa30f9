// The tracking search box: on /rastreo (over the result) and on the home page. Small on purpose:
// the home page carries it in its first JavaScript, so it checks the number with the shared
// rule (no zod, no query) and only navigates; /rastreo/<número> asks the server.
import { useState, type FormEvent } from 'react';
import { Button, Flex, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import {
  PUBLIC_TRACKING_MESSAGES as M,
  PUBLIC_TRACKING_NUMBER_MAX,
  publicTrackingNumberProblem,
} from '@casillero/shared';

type TrackingSearchFormProps = {
  /** The number already shown (/rastreo/<número>), so the field starts with it. */
  initialNumber?: string;
  /** White label and hint on the coloured hero band. */
  inverted?: boolean;
  /** On the home page's band the field gets its own label id, apart from /rastreo's. */
  id?: string;
};

export function TrackingSearchForm({
  initialNumber = '',
  inverted = false,
  id = 'numero-rastreo',
}: TrackingSearchFormProps) {
  const navigate = useNavigate();
  const [number, setNumber] = useState(initialNumber);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = publicTrackingNumberProblem(number);
    setError(problem);
    if (problem) return;
    // Runs of spaces are one in the link; the server compares numbers without them anyway.
    void navigate({ to: '/rastreo/$numero', params: { numero: number.trim().replace(/\s+/g, ' ') } });
  };

  return (
    // method="dialog": before the page is hydrated a tap sends nothing (lib/early-input.ts).
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark; a <search> around it would add a level
    <form
      onSubmit={submit}
      noValidate
      method="dialog"
      role="search"
      aria-label={M.searchLabel}
      style={{ width: '100%', maxWidth: 560 }}
    >
      <Stack gap={4} ta="left">
        <Text component="label" htmlFor={id} fw={600} size="sm" c={inverted ? 'white' : undefined}>
          {M.numberLabel}
        </Text>
        {/* On a phone the button goes under the field, so the number has the whole width. */}
        <Flex direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }} gap="sm">
          <TextInput
            id={id}
            flex={1}
            size="md"
            placeholder={M.numberPlaceholder}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PUBLIC_TRACKING_NUMBER_MAX}
            value={number}
            onChange={(e) => {
              setNumber(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            styles={inverted ? { error: { color: 'white', fontWeight: 600 } } : undefined}
          />
          <Button
            type="submit"
            size="md"
            leftSection={<IconSearch size={18} />}
            color={inverted ? 'yellow' : undefined}
            c={inverted ? 'dark' : undefined}
          >
            {M.search}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
