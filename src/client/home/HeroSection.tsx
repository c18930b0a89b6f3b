import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { useUser } from '@/client/lib/use-user';
import { Button, buttonClass } from '@/client/components/ui/button';
import { VideoDialog } from '@/client/components/video/VideoDialog';
import { LANDING_VIDEO_TITLE, LANDING_VIDEO_URL } from './landing-video';
import { StoneIllustration } from './StoneIllustration';


/** The hero's main button: "Opret mindeside" for a signed-in person, "Kom i gang nu" for a visitor. */
function StartButton() {
  const { user, isLoading } = useUser();
  // While we do not know yet who is here, hold the button's place without showing either text:
  // better than showing a signed-in person the visitor's button for a moment.
  if (isLoading) {
    return (
      <span aria-hidden="true" className={buttonClass('primary', 'lg', 'invisible')}>
        Kom i gang nu
      </span>
    );
  }
  return (
    <Button asChild size="lg">
      <Link to={user ? '/create-memorial' : '/qr-info'}>
        {user ? 'Opret mindeside' : 'Kom i gang nu'}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

export function HeroSection() {
  return (
    <section aria-labelledby="forside-titel">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-24 lg:pb-24">
        <div>
          <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">Digitale mindesider</p>
          <h1 id="forside-titel" className="mt-4 text-[2.6rem] leading-[1.08] sm:text-5xl lg:text-6xl">
            Et mindested for dem, vi savner
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground sm:text-xl">
            En lille QR-kode på mindestenen åbner en mindeside med billeder, livshistorie og hilsner fra dem, der
            holdt af. På enhver telefon – ved graven eller hjemme i sofaen.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <StartButton />
            <VideoDialog
              videoUrl={LANDING_VIDEO_URL}
              title={LANDING_VIDEO_TITLE}
              description="To minutter om mindestenen, QR-koden og mindesiden."
              triggerText="Se video"
              triggerVariant="secondary"
            />
          </div>
          <p className="mt-7 max-w-xl text-base text-muted-foreground">
            Det er gratis at besøge en mindeside, tænde et lys og skrive en hilsen. Altid, og uden reklamer.
          </p>
        </div>
        <div className="mx-auto w-full max-w-[19rem] sm:max-w-sm lg:max-w-md">
          <StoneIllustration className="h-auto w-full" />
        </div>
      </div>
    </section>
  );
}
