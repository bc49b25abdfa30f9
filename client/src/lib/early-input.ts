// A prerendered page can be typed into before React takes it over (on a slow phone, seconds).
// Hydration would drop what was typed (the form's state starts empty) and a tap on a submit
// button would do nothing (forms are rendered with method="dialog", a no-op outside a dialog,
// so nothing is sent the plain-HTML way), as would a tap on any other button. This keeps all
// three: the values typed are put back through React once the page is hydrated, and a submit or
// a button tapped meanwhile happens then (links need no help: they work without JavaScript).

type Field = HTMLInputElement | HTMLTextAreaElement;

const REACT_PROPS = '__reactProps$';
const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith(REACT_PROPS));

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
 */
export function holdEarlyInput(container: HTMLElement): () => () => void {
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

  return () => {
    container.removeEventListener('submit', onSubmit, true);
    container.removeEventListener('click', onClick, true);
    const typed = new Map<number, string | boolean>();
    fieldsOf().forEach((field, index) => {
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked !== field.defaultChecked) typed.set(index, field.checked);
      } else if (field.value !== field.defaultValue) {
        typed.set(index, field.value);
      }
    });
    const form = submittedForm as HTMLFormElement | null;
    const submittedIndex = form ? fieldsOf().findIndex((field) => form.contains(field)) : -1;
    const tappedIndex = tappedButton ? buttonsOf().indexOf(tappedButton) : -1;
    if (typed.size === 0 && submittedIndex < 0 && tappedIndex < 0) return () => undefined;

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
      typed.forEach((value, index) => {
        if (fields[index]) typeInto(fields[index], value);
      });
      // Marks the page for the browser tests, which wait for it before going on.
      document.documentElement.dataset.earlyInput = 'restored';
      const formToSend = submittedIndex >= 0 ? fields[submittedIndex]?.closest('form') : null;
      if (formToSend) setTimeout(() => formToSend.requestSubmit(), 0);
      else if (button) setTimeout(() => button.click(), 0);
    };
    let scheduled = false;
    return () => {
      // Once, even where effects run twice (React's StrictMode in development).
      if (scheduled) return;
      scheduled = true;
      setTimeout(restore, 0);
    };
  };
}
