// A prerendered page can be typed into before React takes it over (on a slow phone, seconds).
// Hydration would drop what was typed (the form's state starts empty) and a tap on a submit
// button would do nothing (forms are rendered with method="dialog", a no-op outside a dialog,
// so nothing is sent the plain-HTML way), as would a tap on any other button. This keeps all
// three: the values typed are put back through React once the page is hydrated, and a submit or
// a button tapped meanwhile happens then (links need no help: they work without JavaScript).
// Before this code has even arrived, the page's inline script keeps the taps and shows the form
// busy (shared/src/early-taps.ts); this takes them over (docs/decisions/036-early-taps.md).
import { EARLY_TAPS_GLOBAL } from '@casillero/shared';
import { markHydrated } from './hydrated';

/** What the page's inline script keeps under EARLY_TAPS_GLOBAL (shared/src/early-taps.ts). */
type EarlyTaps = {
  /** The last form submitted and the last other button tapped; from then on other buttons are the app's. */
  take: () => { form: HTMLFormElement | null; button: HTMLButtonElement | null };
  /** Lets submits through again and takes the busy marks away. */
  done: () => void;
};

type Field = HTMLInputElement | HTMLTextAreaElement;

const REACT_PROPS = '__reactProps$';
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith(REACT_PROPS));

/** How often, and how many times at most, the restored values are checked (keepTyped). */
const KEEP_TYPED_CHECK_MS = 100;
const KEEP_TYPED_CHECKS = 20;

/** Whether the field shows this value (a box: checked or not). */
const holds = (field: Field, value: string | boolean) =>
  typeof value === 'boolean' ? (field as HTMLInputElement).checked === value : field.value === value;

/** Sets a field's value the way typing does, so React (and Mantine's form) see the change. */
function typeInto(field: Field, value: string | boolean) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  if (typeof value === 'boolean') {
    if ((field as HTMLInputElement).checked !== value) (field as HTMLInputElement).click();
    return;
  }
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Starts holding the visitor's early input on `container`. Call the returned function right
 * before hydrating: it reads what was typed and returns the function that puts it back (and
 * submits, if a submit was asked for); call that once React has committed the hydrated tree.
 * Called with `keep` false (the router sent the visitor to another page), it lets go of it all.
 */
export function holdEarlyInput(container: HTMLElement): (keep: boolean) => () => void {
  let submittedForm: HTMLFormElement | null = null;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    submittedForm = event.target as HTMLFormElement;
  };
  container.addEventListener('submit', onSubmit, true);
  let tappedButton: HTMLButtonElement | null = null;
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (button && button.type !== 'submit' && container.contains(button)) tappedButton = button;
  };
  container.addEventListener('click', onClick, true);

  // Fields are matched by their place on the page: after hydration the tree is the same, but
  // Mantine gives its inputs new ids once mounted.
  const fieldsOf = () => [...container.querySelectorAll<Field>('input, textarea')];
  const buttonsOf = () => [...container.querySelectorAll('button')];
  const isBox = (field: Field): field is HTMLInputElement =>
    field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
  const shownValue = (field: Field) => (isBox(field) ? field.checked : field.value);

  /** Each field's value as the page was drawn, before anything was typed. */
  const drawn = fieldsOf().map((field) => (isBox(field) ? field.defaultChecked : field.defaultValue));
  /**
   * What the visitor typed, by field, until the hydrated page is handed back. Recorded as it is
   * typed because hydration can take a while on a busy phone, and a field typed into meanwhile
   * may be set back to its drawn value by React without an input event (a keystroke React sees
   * before it has committed that field puts back the form's empty value).
   */
  const typed = new Map<number, string | boolean>();
  /** Each text field's value after the visitor's last keystroke (or when this started). */
  const lastTyped = new Map<number, string>();
  fieldsOf().forEach((field, index) => {
    if (!isBox(field)) lastTyped.set(index, field.value);
  });
  const onInput = (event: Event) => {
    const field = event.target as Field;
    const index = fieldsOf().indexOf(field);
    if (index < 0) return;
    typed.set(index, shownValue(field));
    if (!isBox(field)) lastTyped.set(index, field.value);
  };
  /** A field found back at its drawn value before a keystroke gets its text back first. */
  const onBeforeInput = (event: Event) => {
    const field = event.target as Field;
    const index = fieldsOf().indexOf(field);
    const before = lastTyped.get(index);
    if (before === undefined || isBox(field) || field.value === before || field.value !== drawn[index]) return;
    // The element's own setter, so React's value tracker sees the keystroke's change from here.
    field.value = before;
  };
  container.addEventListener('beforeinput', onBeforeInput, true);
  container.addEventListener('input', onInput, true);
  container.addEventListener('change', onInput, true);

  const stopRecording = () => {
    container.removeEventListener('beforeinput', onBeforeInput, true);
    container.removeEventListener('input', onInput, true);
    container.removeEventListener('change', onInput, true);
  };

  return (keep) => {
    container.removeEventListener('submit', onSubmit, true);
    container.removeEventListener('click', onClick, true);
    // What the page's inline script kept before this code ran; a later tap seen here wins.
    const early = (window as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS_GLOBAL];
    const kept = early?.take();
    if (!submittedForm && kept?.form && container.contains(kept.form)) submittedForm = kept.form;
    if (!tappedButton && kept?.button && container.contains(kept.button)) tappedButton = kept.button;
    if (!keep) {
      stopRecording();
      early?.done();
      markHydrated();
      return () => undefined;
    }
    // What was typed without an input event (a browser's autofill, say) shows as a changed value.
    fieldsOf().forEach((field, index) => {
      if (!typed.has(index) && index < drawn.length && shownValue(field) !== drawn[index]) {
        typed.set(index, shownValue(field));
      }
    });
    // A page drawn from scratch replaces the field the visitor is in: the caret goes back to it.
    const focusedIndex = fieldsOf().indexOf(document.activeElement as Field);
    const form = submittedForm as HTMLFormElement | null;
    const submittedIndex = form ? fieldsOf().findIndex((field) => form.contains(field)) : -1;
    const tappedIndex = tappedButton ? buttonsOf().indexOf(tappedButton) : -1;
    /** Puts the caret back in the field it was in, if the new page took it away. */
    const refocus = () => {
      const focused = fieldsOf()[focusedIndex];
      if (!focused || container.contains(document.activeElement)) return;
      focused.focus();
      // Not every input type has a caret position to set (e-mail has not).
      try {
        focused.setSelectionRange(focused.value.length, focused.value.length);
      } catch {}
    };

    // Hydration may finish in several passes: wait until the fields are React's (10 s at most).
    let attempts = 0;
    const restore = () => {
      const fields = fieldsOf();
      const button = tappedIndex >= 0 ? buttonsOf()[tappedIndex] : null;
      const pending =
        [...typed.keys(), submittedIndex].some(
          (index) => index >= 0 && (!fields[index] || !isHydrated(fields[index])),
        ) ||
        (tappedIndex >= 0 && (!button || !isHydrated(button)));
      if (pending && attempts++ < 200) {
        setTimeout(restore, 50);
        return;
      }
      // From here on the fields are React's: what is typed now reaches the form by itself.
      stopRecording();
      if (typed.size === 0 && submittedIndex < 0 && tappedIndex < 0 && focusedIndex < 0) {
        handOver(null);
        return;
      }
      typed.forEach((value, index) => {
        if (fields[index]) typeInto(fields[index], value);
      });
      refocus();
      keepTyped(() => {
        // Marks the page for the browser tests, which wait for it before going on.
        document.documentElement.dataset.earlyInput = 'restored';
        handOver(button);
      });
    };
    /**
     * The form has what was typed: the app has the page. The last form submitted until now (kept
     * by the page's inline script, which held every submit so far) is sent through its own handler,
     * or else the button tapped is tapped again.
     */
    const handOver = (button: HTMLButtonElement | null) => {
      const latest = early?.take().form;
      early?.done();
      markHydrated();
      const formToSend =
        latest && container.contains(latest)
          ? latest
          : submittedIndex >= 0
            ? fieldsOf()[submittedIndex]?.closest('form')
            : null;
      if (formToSend) {
        // From here on the form's handler has the values (a form sent is emptied, say): no longer typed back.
        sent = true;
        setTimeout(() => formToSend.requestSubmit(), 0);
      } else if (button) setTimeout(() => button.click(), 0);
    };
    let sent = false;
    /**
     * A field's props are React's as soon as its part of the page is hydrated, which can be
     * before that part is committed (hydration yields on a busy phone); the commit then puts
     * back the form's empty value. For a while (KEEP_TYPED_CHECKS times) checks that what was
     * typed is still there and types it again where the field is back as it was drawn (not where
     * the visitor has typed on); goes on (`then`) at the first check that finds everything held.
     */
    const keepTyped = (then: (() => void) | null, checks = 0) => {
      setTimeout(() => {
        if (sent) return;
        const fields = fieldsOf();
        const lost = [...typed].filter(
          ([index, value]) => fields[index] && !holds(fields[index], value) && holds(fields[index], drawn[index] ?? ''),
        );
        for (const [index, value] of lost) typeInto(fields[index], value);
        let next = then;
        if (next && (lost.length === 0 || checks >= KEEP_TYPED_CHECKS)) {
          next();
          next = null;
        }
        if (checks < KEEP_TYPED_CHECKS) keepTyped(next, checks + 1);
      }, KEEP_TYPED_CHECK_MS);
    };
    let scheduled = false;
    return () => {
      // Once, even where effects run twice (React's StrictMode in development).
      if (scheduled) return;
      scheduled = true;
      // At once, in the task that drew the page, so no keystroke lands between the page drawn
      // and the values typed back.
      restore();
    };
  };
}
