/** A message under a choice that is not a TextField (cards, a list), said as TextField says its own. */
export function FieldProblem({ id, children }: { id?: string; children: string }) {
  return (
    <p id={id} role="alert" className="mt-2 flex items-start gap-2 text-sm font-medium text-destructive">
      <span aria-hidden="true" className="mt-[0.45em] inline-block size-1.5 shrink-0 rounded-full bg-destructive" />
      {children}
    </p>
  );
}
