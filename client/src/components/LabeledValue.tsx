import type { ReactNode } from 'react';
import classes from './LabeledValue.module.css';

/** A value with its small label above it, as cards, drawers and details show them (`value` or children). */
export function LabeledValue({ label, value, children }: { label: string; value?: ReactNode; children?: ReactNode }) {
  return (
    <div className={classes.root}>
      <p className={classes.label}>{label}</p>
      <div className={classes.value}>{value ?? children}</div>
    </div>
  );
}
