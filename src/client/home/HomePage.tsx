/**
 * The landing page (SPEC.md §2 "Landing page"), section by section in the order the
 * specification lists them. Prerendered by the server (prerender.tsx), so every section is plain
 * markup and inline drawings: no images to wait for, nothing heavy in the first load.
 */
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
import { HydrateLater } from '@/client/lib/hydrate-later';
import { AdminSection } from './AdminSection';
import { AdvancedSection } from './AdvancedSection';
import { ClosingSection, PremiumSection, ResellerSection } from './CallsToAction';
import { ExtrasSection } from './ExtrasSection';
import { FeatureCards } from './FeatureCards';
import { HeroSection } from './HeroSection';
import { StoneSection } from './StoneSection';
import { CandleSection, GuestbookSection, MusicSection } from './VisitorSections';

export default function HomePage() {
  usePageTitle();
  return (
    <PageShell>
      <HeroSection />
      {/*
        Taken over after the first screen, in a task of its own (HydrateLater): the hero answers
        taps at once, and a tap further down in the meantime is pressed again once its band is
        alive (early-taps.ts).
      */}
      <HydrateLater>
        <StoneSection />
        <FeatureCards />
        <CandleSection />
        <GuestbookSection />
        <MusicSection />
        <AdminSection />
        <ExtrasSection />
        <AdvancedSection />
        <PremiumSection />
        <ClosingSection />
        <ResellerSection />
      </HydrateLater>
    </PageShell>
  );
}
