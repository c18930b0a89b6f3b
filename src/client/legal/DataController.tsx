/** The data controller (GDPR art. 13) as the server is configured: only the parts that are set. */
import { siteConfig } from '@/client/lib/site-config';

export function DataController() {
  const { name, address, cvr, email } = siteConfig().dataController;
  return (
    <address className="rounded-lg border border-border bg-card/70 px-5 py-4 not-italic">
      <span className="block font-semibold">{name}</span>
      {address ? <span className="block">{address}</span> : null}
      {cvr ? <span className="block">CVR-nr. {cvr}</span> : null}
      {email ? (
        <a href={`mailto:${email}`} className="mt-1 inline-flex min-h-11 items-center font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 break-all">
          {email}
        </a>
      ) : null}
    </address>
  );
}

export function controllerName(): string {
  return siteConfig().dataController.name;
}
