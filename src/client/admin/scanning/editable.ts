/**
 * Whether focus is somewhere a person types (a text field, a list to choose from, rich text): the
 * floor scanner's field never takes focus from there. Buttons, links, check boxes and the page
 * itself are not such places, so keys typed there may be a USB scanner's code.
 */
const NOT_TYPED_IN = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image']);

export function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NOT_TYPED_IN.has(((element as HTMLInputElement).type || 'text').toLowerCase());
  const role = element.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'spinbutton';
}

/** An open dialog (Radix puts role="dialog" or "alertdialog" on its content while it is open). */
export const DIALOG_SELECTOR = '[role="dialog"],[role="alertdialog"]';

export const insideDialog = (element: Element | null) => Boolean(element?.closest(DIALOG_SELECTOR));

export const anyDialogOpen = () => document.querySelector(DIALOG_SELECTOR) !== null;
