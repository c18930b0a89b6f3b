/**
 * What HAProxy answers itself when no instance is ready (the database down, every instance
 * restarting): in Danish, as the instances would, JSON in the API's error shape for /api/ and a
 * small page for everyone else. Never cached: the next try should reach an instance again.
 */
export const UNAVAILABLE_MESSAGE = 'Mindested svarer ikke lige nu. Prøv igen om lidt.';

export const UNAVAILABLE_JSON = `${JSON.stringify({ message: UNAVAILABLE_MESSAGE })}\n`;

export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mindested svarer ikke lige nu</title>
<style>
  :root { color-scheme: light dark; --bg: #faf7f2; --fg: #2b2622; --muted: #6b6158; }
  @media (prefers-color-scheme: dark) { :root { --bg: #1c1a18; --fg: #f1ece5; --muted: #b5aba0; } }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
         font: 1.125rem/1.6 Georgia, "Times New Roman", serif; }
  main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
  h1 { font-size: 1.75rem; font-weight: normal; margin: 0 0 1rem; }
  p { margin: 0 0 1rem; color: var(--muted); }
</style>
</head>
<body>
<main>
  <h1>Mindested svarer ikke lige nu</h1>
  <p>Vi arbejder på det. Mindesiderne og alt, hvad I har skrevet, er i god behold.</p>
  <p>Prøv igen om lidt.</p>
</main>
</body>
</html>
`;
