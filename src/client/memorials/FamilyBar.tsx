/**
 * The family's way from their own memorial page to its work: editing the page, "Hilsner og
 * lys" (what visitors left, waiting for approval), its music, and the AI extras the family makes
 * (an animated greeting, a song: ai/). Shown only to the memorial's owner and
 * co-admins (`viewer.canEdit`; the server checks every call anyway), and never on a page the
 * server drew: that HTML is made once and shared by every visitor (docs/decisions/0009, 0012), so
 * nothing in it may belong to one reader. A member's page is drawn by the browser (src/server/app.ts).
 */
import { AudioLines, Clapperboard, MessageSquareHeart, Music, PencilLine } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { useDrawnByServer } from '@/client/lib/drawn-by-server';
import { siteConfig } from '@/client/lib/site-config';
import type { Memorial } from '@/shared/memorials';
import { isPremiumTheme } from '@/shared/premium';
import { PremiumLink } from './premium/PremiumNote';

/** Whether visitors miss something the family has (a film, a photo past the free plan's, a song, a Premium theme). */
const waitsForPremium = (memorial: Memorial) =>
  !memorial.premium && (isPremiumTheme(memorial.theme) || memorial.media.some((item) => item.hiddenWithoutPremium) || memorial.music.length > 0);

export function FamilyBar({ memorial }: { memorial: Memorial }) {
  const drawnByServer = useDrawnByServer();
  if (drawnByServer || !memorial.viewer.canEdit) return null;
  const address = encodeURIComponent(memorial.slug);
  // Only the extras this installation makes (its providers): no link to a page that says "not here".
  const ai = siteConfig().aiExtras;
  return (
    <nav aria-label="Din mindeside" className="border-b border-border/80 bg-card/80">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 lg:flex-row lg:items-center lg:justify-between sm:px-6">
        <div>
          <p className="text-base text-muted-foreground dark:text-foreground/80">Du er administrator af mindesiden.</p>
          {waitsForPremium(memorial) ? (
            <p className="mt-1 text-sm text-muted-foreground dark:text-foreground/80">
              Noget af det, I har lagt på siden, er skjult, fordi det kræver Premium. Det er gemt og kommer tilbage med Premium. <PremiumLink />
            </p>
          ) : null}
        </div>
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <Button asChild variant="secondary">
            <Link to={`/edit-memorial/${address}`}>
              <PencilLine aria-hidden="true" />
              Rediger mindesiden
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={`/memorial/${address}/admin`}>
              <MessageSquareHeart aria-hidden="true" />
              Hilsner og lys
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={`/memorial/${address}/music`}>
              <Music aria-hidden="true" />
              Musik
            </Link>
          </Button>
          {ai.greeting ? (
            <Button asChild variant="secondary">
              <Link to={`/memorial/${address}/greeting`}>
                <Clapperboard aria-hidden="true" />
                Animeret hilsen
              </Link>
            </Button>
          ) : null}
          {ai.song ? (
            <Button asChild variant="secondary">
              <Link to={`/memorial/${address}/song`}>
                <AudioLines aria-hidden="true" />
                Sang med AI
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
