// Mantine's date picker with its styles (30 KB, more than the rest of the signed-in areas'
// Mantine styles together): they load with the pages that show a picker, not with every
// signed-in page. The app imports the picker from here (client/scripts/mantine-styles.mjs checks it).
import '@mantine/dates/styles.layer.css';

export { DatePickerInput } from '@mantine/dates';
