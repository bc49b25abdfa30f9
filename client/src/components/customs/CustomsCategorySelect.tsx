import { Select } from '@mantine/core';
import {
  CUSTOMS_CATEGORIES,
  CUSTOMS_CATEGORY_LABELS,
  CUSTOMS_ESTIMATE_MESSAGES as M,
  type CustomsCategory,
} from '@casillero/shared';

const DATA = CUSTOMS_CATEGORIES.map((c) => ({ value: c, label: CUSTOMS_CATEGORY_LABELS[c] }));

/** The goods' customs category: what sets the duty (docs/product/customs.md#categories). */
export function CustomsCategorySelect({
  value,
  onChange,
}: {
  value: CustomsCategory;
  onChange: (category: CustomsCategory) => void;
}) {
  return (
    <Select
      label={M.category}
      description={M.categoryHint}
      data={DATA}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v as CustomsCategory)}
    />
  );
}
