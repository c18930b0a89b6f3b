/**
 * After a refused "Bestil og betal", focus goes to the first field with a message in the order the
 * form shows them. react-hook-form's own choice follows the order the fields were registered in,
 * and a form's own fields (the address, the buyer) register before the choices drawn by its
 * Controllers (the memorial, the number), so it would skip back past the top of the form.
 */
import { type FieldErrors, type FieldValues, type Path, type UseFormReturn, get } from 'react-hook-form';

export function focusFirstProblem<In extends FieldValues, Out extends FieldValues>(form: UseFormReturn<In, unknown, Out>, order: readonly string[]) {
  return (errors: FieldErrors<In>) => {
    const first = order.find((name) => get(errors, name));
    if (first) form.setFocus(first as Path<In>);
  };
}

/** The address's fields, in DeliveryFields' order. */
export const DELIVERY_ORDER = ['delivery.name', 'delivery.address', 'delivery.postcode', 'delivery.town'] as const;
/** BusinessBuyerFields' fields. */
export const BUYER_ORDER = ['buyer.company', 'buyer.cvr'] as const;
