// A SegmentedControl that fits a phone: side by side on wide screens, stacked full width below
// Mantine's `sm` breakpoint, where four or five labels side by side run past a 390 px screen.
import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useIsPhone } from '../../lib/screen';

export function PhoneSegments(props: SegmentedControlProps) {
  const isPhone = useIsPhone();
  return isPhone ? <SegmentedControl {...props} orientation="vertical" fullWidth /> : <SegmentedControl {...props} />;
}
