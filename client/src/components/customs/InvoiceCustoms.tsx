import { useState } from 'react';
import { Button, Collapse } from '@mantine/core';
import { CUSTOMS_ESTIMATE_MESSAGES as M, formatUsdCents, type CustomsEstimateShown } from '@casillero/shared';
import { CustomsEstimateView } from './CustomsEstimateView';

/**
 * A shipment invoice's 'Impuestos estimados' (docs/product/customs.md#where-the-estimate-is-shown):
 * its total on a button that shows the pieces, at the invoice's own rate.
 */
export function InvoiceCustoms({ shown }: { shown: CustomsEstimateShown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" px={0} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {M.invoiceToggle(formatUsdCents(shown.estimate.usdCents.total))}
      </Button>
      <Collapse expanded={open}>
        <CustomsEstimateView {...shown} testId="aduana-factura" note={M.invoiceBasis} />
      </Collapse>
    </>
  );
}
