import type { ReactNode } from 'react';
import { Card, CardBody } from '@/client/components/ui/card';
import { Ornament } from '@/client/components/ui/ornament';
import { cn } from '@/client/lib/cn';

interface CardPageProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Shown under the card, outside it (a link to another page, small print). */
  after?: ReactNode;
  width?: 'narrow' | 'wide';
  className?: string;
}

/** A page whose content is one card in the middle: the account pages. */
export function CardPage({ title, lead, children, after, width = 'narrow', className }: CardPageProps) {
  return (
    <div className={cn('mx-auto w-full px-4 py-10 sm:py-16', width === 'narrow' ? 'max-w-xl' : 'max-w-2xl', className)}>
      <Card>
        <CardBody>
          <Ornament className="mb-5" />
          <h1 className="text-center text-3xl sm:text-4xl">{title}</h1>
          {lead ? <div className="mx-auto mt-4 max-w-md text-center text-muted-foreground">{lead}</div> : null}
          <div className="mt-8 sm:mt-10">{children}</div>
        </CardBody>
      </Card>
      {after ? <div className="mt-8 text-center">{after}</div> : null}
    </div>
  );
}
