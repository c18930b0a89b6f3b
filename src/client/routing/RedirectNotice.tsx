/** The calm line shown for the moment a redirect takes; announced, in the page's main landmark. */
export function RedirectNotice({ text }: { text: string }) {
  return (
    <main id="indhold" className="flex min-h-dvh items-center justify-center px-4">
      <p role="status" className="flex items-center gap-3 font-serif text-xl text-muted-foreground">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-gold" />
        {text}
      </p>
    </main>
  );
}
