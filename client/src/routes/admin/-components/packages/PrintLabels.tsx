// "Imprimir etiqueta" (docs/product/warehouse-intake.md#labels): the labels PDF (GET /api/labels, one 100×150 mm page
// per package) opens in a new tab, where the browser's viewer prints it on the label printer.
import { Button, type ButtonProps } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { WAREHOUSE_MESSAGES as M, labelsUrl } from '@casillero/shared';

/** Opens the labels of these packages in a new tab (a row action's click). */
export function openLabels(packageIds: readonly string[]) {
  window.open(labelsUrl({ packageIds }), '_blank', 'noopener');
}

/** A link to the labels of these packages: one package's, or the selected ones'. */
export function PrintLabelButton({
  packageIds,
  label,
  ...props
}: { packageIds: readonly string[]; label?: string } & ButtonProps) {
  return (
    <Button
      component="a"
      href={labelsUrl({ packageIds })}
      target="_blank"
      rel="noopener"
      variant="light"
      leftSection={<IconPrinter size={16} />}
      {...props}
    >
      {label ?? (packageIds.length === 1 ? M.labelPrint : M.labelsPrintSelected(packageIds.length))}
    </Button>
  );
}
