/** Small building blocks for the legal texts, so every page reads alike. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const proseLinkClass = 'font-semibold text-gold-text underline decoration-gold/50 underline-offset-4 hover:decoration-gold-text';

export function Bullets({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-gold">{children}</ul>;
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={proseLinkClass}>
      {children}
    </Link>
  );
}

/** One kind of data: what, why and on which legal basis. */
export function Purpose({ title, what, why, basis }: { title: string; what: ReactNode; why: ReactNode; basis: ReactNode }) {
  return (
    <div className="border-l-2 border-gold/50 pl-5">
      <h3 className="font-sans text-lg font-semibold">{title}</h3>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="inline font-semibold">Hvad: </dt>
          <dd className="inline">{what}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Hvorfor: </dt>
          <dd className="inline">{why}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Retsgrundlag: </dt>
          <dd className="inline">{basis}</dd>
        </div>
      </dl>
    </div>
  );
}
