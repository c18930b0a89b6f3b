/** Shown while a page's code loads (SPEC.md §2: "Indlæser..."). */
export function FullScreenLoader() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-background">
      <p className="flex items-center gap-3 font-serif text-xl text-muted-foreground">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-gold" />
        Indlæser...
      </p>
    </div>
  );
}
