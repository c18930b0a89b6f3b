/**
 * The landing page (SPEC.md §2 "Landing page"), section by section in the order the
 * specification lists them. Prerendered by the server (prerender.tsx), so every section is plain
 * markup and inline drawings: no images to wait for, nothing heavy in the first load.
 */
import { Suspense } from 'react';
import { PageShell } from '@/client/components/layout/PageShell';
import { usePageTitle } from '@/client/lib/page-title';
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
        Hydrated apart from the first screen: React takes over a Suspense boundary's server HTML
        in small slices at low priority, so the phone's main thread is never blocked for long and
        the hero answers taps at once. A tap further down hydrates its band on the spot.
      */}
      <Suspense>
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
      </Suspense>
    </PageShell>
  );
}
