/**
 * A field people never see and never reach with the keyboard, hidden from screen readers as well:
 * only a robot fills it in, and the server thanks it and throws what it sent away. Register the
 * form's `website` into it: <HoneypotField id="contact-website" {...form.register('website')} />.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';

export function HoneypotField({ id, ...field }: { id: string } & UseFormRegisterReturn) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Lad dette felt være tomt</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...field} />
    </div>
  );
}
