// The form of a new version of the travel rules (docs/product/travel-rules.md): prefilled from the
// rules in effect; categories added, edited or removed; limits and the commercial quantity; from
// now on or from a coming day. The server checks it again and refuses in Spanish.
import {
  Alert,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  TRAVEL_CATEGORY_KINDS,
  TRAVEL_CATEGORY_KIND_LABELS,
  TRAVEL_RULES_MESSAGES as M,
  TRAVEL_RULE_MODES,
  TRAVEL_RULE_MODE_LABELS,
  travelRulesVersionInput,
  type TravelCategory,
  type TravelCategoryKind,
  type TravelRuleModes,
  type TravelRules,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { NewVersionCard, StartDayInput, firstStartDay, useVersionsChange } from '../versions/VersionsScreen';
import { RULE_VERSIONS } from './RuleVersions';
import { trpc } from '../../../../lib/trpc';
import { GrowingTextarea, textBinding } from '../../../../components/forms/fields';

/** A category as the form edits it: the word lists as typed, comma-separated. */
type Draft = Omit<TravelCategory, 'words' | 'exceptWords'> & { key: number; words: string; exceptWords: string };

const split = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

let nextKey = 0;
const draftOf = (c: TravelCategory): Draft => ({
  ...c,
  key: nextKey++,
  words: c.words.join(', '),
  exceptWords: c.exceptWords.join(', '),
});
const emptyDraft = (): Draft => ({
  key: nextKey++,
  id: '',
  name: '',
  kind: 'prohibited',
  modes: 'both',
  words: '',
  exceptWords: '',
  reason: '',
  advice: '',
});

function CategoryFields({
  draft,
  index,
  onChange,
  onRemove,
}: {
  draft: Draft;
  index: number;
  onChange: (d: Draft) => void;
  onRemove: () => void;
}) {
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      onChange({ ...draft, [key]: value });
  const text = (key: 'name' | 'words' | 'exceptWords' | 'reason' | 'advice') => textBinding(draft[key], set(key));
  return (
    <Card withBorder padding="sm" component="fieldset" aria-label={`Categoría ${index + 1}`} style={{ margin: 0 }}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput label={M.categoryName} {...text('name')} withAsterisk />
          <Select
            label={M.categoryKind}
            data={TRAVEL_CATEGORY_KINDS.map((k) => ({ value: k, label: TRAVEL_CATEGORY_KIND_LABELS[k] }))}
            value={draft.kind}
            onChange={(v) => v && set('kind')(v as TravelCategoryKind)}
            allowDeselect={false}
          />
          <Select
            label={M.categoryModes}
            data={TRAVEL_RULE_MODES.map((m) => ({ value: m, label: TRAVEL_RULE_MODE_LABELS[m] }))}
            value={draft.modes}
            onChange={(v) => v && set('modes')(v as TravelRuleModes)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput label={M.categoryWords} {...text('words')} withAsterisk />
        <TextInput label={M.categoryExcept} {...text('exceptWords')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <GrowingTextarea label={M.categoryReason} {...text('reason')} minRows={1} withAsterisk />
          <GrowingTextarea label={M.categoryAdvice} {...text('advice')} minRows={1} withAsterisk />
        </SimpleGrid>
        <Button variant="subtle" color="red" size="xs" onClick={onRemove} style={{ alignSelf: 'flex-end' }}>
          {M.removeCategory}
        </Button>
      </Stack>
    </Card>
  );
}

/** The limits and the commercial quantity, in the form's order: a weight, a value in dollars or a count. */
const LIMIT_FIELDS = [
  { key: 'airWeight', label: M.airWeight, kind: 'priceMeasure' },
  { key: 'airValue', label: M.airValue, kind: 'usd' },
  { key: 'seaWeight', label: M.seaWeight, kind: 'priceMeasure' },
  { key: 'seaValue', label: M.seaValue, kind: 'usd' },
  { key: 'commercial', label: M.commercialQuantity, kind: 'count' },
] as const;

export function NewRuleVersion({ from }: { from: TravelRules }) {
  const create = useVersionsChange(trpc.travelRules.create.mutationOptions(), trpc.travelRules.versions.queryKey());
  const [start, setStart] = useState<'now' | 'day'>('now');
  const [day, setDay] = useState(firstStartDay);
  const [drafts, setDrafts] = useState<Draft[]>(() => from.categories.map(draftOf));
  const [limits, setLimits] = useState<Record<string, DecimalValue>>({
    airWeight: from.limits.air.maxPieceWeightKg,
    airValue: from.limits.air.maxDeclaredValueUsdCents,
    seaWeight: from.limits.sea.maxPieceWeightKg,
    seaValue: from.limits.sea.maxDeclaredValueUsdCents,
    commercial: from.commercialQuantity,
  });
  const [errors, setErrors] = useState<string[]>([]);
  const setLimit = (key: string) => (v: DecimalValue) => setLimits((old) => ({ ...old, [key]: v }));

  const submit = async () => {
    const input = {
      startDay: start === 'now' ? null : day,
      rules: {
        categories: drafts.map(({ key: _key, words, exceptWords, ...c }) => ({
          ...c,
          words: split(words),
          exceptWords: split(exceptWords),
        })),
        limits: {
          air: { maxPieceWeightKg: limits.airWeight, maxDeclaredValueUsdCents: limits.airValue },
          sea: { maxPieceWeightKg: limits.seaWeight, maxDeclaredValueUsdCents: limits.seaValue },
        },
        commercialQuantity: limits.commercial,
      },
    };
    const checked = travelRulesVersionInput.safeParse(input);
    if (!checked.success) {
      setErrors([...new Set(checked.error.issues.map((i) => i.message))]);
      return;
    }
    setErrors([]);
    await create.save(checked.data);
  };

  return (
    <NewVersionCard kind={RULE_VERSIONS} saving={create.saving} onSubmit={() => void submit()}>
      <Group align="flex-end">
        <SegmentedControl
          aria-label={M.effectiveAt}
          value={start}
          onChange={(v) => setStart(v as 'now' | 'day')}
          data={[
            { value: 'now', label: M.startNow },
            { value: 'day', label: M.startOn },
          ]}
        />
        {start === 'day' && <StartDayInput label={M.startDay} value={day} onChange={setDay} maw={220} />}
      </Group>
      <Title order={3} size="h5">
        {M.categories}
      </Title>
      {drafts.map((d, i) => (
        <CategoryFields
          key={d.key}
          draft={d}
          index={i}
          onChange={(next) => setDrafts((old) => old.map((o) => (o.key === d.key ? next : o)))}
          onRemove={() => setDrafts((old) => old.filter((o) => o.key !== d.key))}
        />
      ))}
      <Button
        variant="light"
        onClick={() => setDrafts((old) => [...old, emptyDraft()])}
        style={{ alignSelf: 'flex-start' }}
      >
        {M.addCategory}
      </Button>
      <Title order={3} size="h5">
        {M.limits}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {LIMIT_FIELDS.map((f) =>
          f.kind === 'usd' ? (
            <UsdCentsInput key={f.key} withSign label={f.label} value={limits[f.key]} onChange={setLimit(f.key)} />
          ) : (
            <DecimalInput key={f.key} kind={f.kind} label={f.label} value={limits[f.key]} onChange={setLimit(f.key)} />
          ),
        )}
      </SimpleGrid>
      {errors.length > 0 && (
        <Alert color="red" role="alert">
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
    </NewVersionCard>
  );
}
