// Every step of the simulated day, by domain (docs/product/invariants.md). A domain with more
// kinds of steps appears more often; the ones that move money or parcels are listed twice.
import type fc from 'fast-check';
import type { SimCommand } from '../command';
import { claimCommands } from './claims';
import { compraCommands } from './compras';
import { customsCommands } from './customs';
import { intakeCommands } from './intake';
import { ledgerCommands } from './ledger';
import { paymentCommands } from './payments';
import { pickupCommands } from './pickups';
import { shippingCommands } from './shipping';

export const ALL_COMMANDS: fc.Arbitrary<SimCommand>[] = [
  ...intakeCommands,
  ...intakeCommands,
  ...shippingCommands,
  ...paymentCommands,
  ...paymentCommands,
  ...ledgerCommands,
  ...claimCommands,
  ...claimCommands,
  ...compraCommands,
  ...pickupCommands,
  ...customsCommands,
];
