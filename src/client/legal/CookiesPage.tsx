/**
 * /cookies: the five consent purposes (the same words as the consent dialog, consent/purposes.ts)
 * and every cookie and piece of browser storage Mindested actually uses.
 */
import { CONSENT_STORAGE_KEY, CONSENT_VALIDITY_MONTHS } from '@/shared/consent';
import { SESSION_COOKIE, VISITOR_COOKIE } from '@/shared/constants';
import { PURPOSE_TEXTS } from '@/client/consent/purposes';
import { SCANNER_PREFERENCE_KEY } from '@/client/qr/scan-widget/scanner-preference';
import { DataController, controllerName } from './DataController';
import { LegalPage, PRIVACY_UPDATED, type LegalSection } from './LegalPage';
import { TextLink } from './prose';

interface Stored {
  name: string;
  kind: string;
  purpose: string;
  lasts: string;
}

const stored: Stored[] = [
  {
    name: SESSION_COOKIE,
    kind: 'Cookie (HttpOnly, kun fra vores eget domæne)',
    purpose: 'Holder dig logget ind, når du har logget ind. Den kan ikke læses af sidens scripts.',
    lasts: '30 dage, eller til du logger ud',
  },
  {
    name: VISITOR_COOKIE,
    kind: 'Cookie (HttpOnly, kun fra vores eget domæne)',
    purpose:
      'Et tilfældigt nummer for din browser; hos os gemmes det kun som en hash, der ikke kan regnes tilbage. Det binder dine samtykkevalg sammen, og det lader dig se dit eget lys eller din hilsen, mens den venter på at blive godkendt.',
    lasts: `${CONSENT_VALIDITY_MONTHS} måneder`,
  },
  {
    name: 'theme',
    kind: 'Lokal lagring i browseren (localStorage)',
    purpose: 'Husker, om du har valgt lyst eller mørkt tema.',
    lasts: 'Til du sletter den eller vælger om',
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: 'Lokal lagring i browseren (localStorage)',
    purpose: 'Husker dine valg om cookies og hvornår du traf dem, så vi ikke spørger hver gang.',
    lasts: `${CONSENT_VALIDITY_MONTHS} måneder, derefter spørger vi igen`,
  },
  {
    name: SCANNER_PREFERENCE_KEY,
    kind: 'Lokal lagring i browseren (localStorage)',
    purpose: 'Kun i den installerede app på en telefon: husker, om du gav QR-scanneren lov til at bruge kameraet, og hvilket kamera den brugte.',
    lasts: 'Til du sletter den',
  },
  {
    name: 'Mindesteds app-cache',
    kind: 'Service worker og Cache Storage',
    purpose: 'Gemmer sidens egne filer på din enhed, så Mindested åbner hurtigt og også virker på en dårlig forbindelse ved graven.',
    lasts: 'Til næste opdatering af Mindested',
  },
];

const sections: LegalSection[] = [
  {
    id: 'hvad-er-cookies',
    title: 'Hvad er cookies',
    body: (
      <p>
        En cookie er en lille tekstfil, som et websted gemmer i din browser. Lokal lagring (localStorage) og en service worker er
        beslægtede måder at gemme oplysninger på din enhed. Vi kalder det hele »cookies« her, fordi de samme regler gælder.
      </p>
    ),
  },
  {
    id: 'formaal',
    title: 'De fem formål, du kan vælge imellem',
    body: (
      <>
        <p>
          Når du besøger Mindested første gang, spørger vi, hvad du siger ja til. Nødvendige cookies er altid slået til; de øvrige
          bruger vi kun, hvis du har sagt ja.
        </p>
        <dl className="space-y-5">
          {PURPOSE_TEXTS.map((purpose) => (
            <div key={purpose.purpose} className="border-l-2 border-gold/50 pl-5">
              <dt className="font-sans text-lg font-semibold">{purpose.title}</dt>
              <dd className="mt-1">{purpose.description}</dd>
            </div>
          ))}
        </dl>
        <p>
          I dag bruger vi kun nødvendige cookies. Tager vi værktøjer i brug til statistik, ydeevne, sociale medier eller
          markedsføring, sker det kun med dit samtykke, og de bliver beskrevet her.
        </p>
      </>
    ),
  },
  {
    id: 'det-bruger-vi',
    title: 'De cookies og den lagring, vi bruger',
    body: (
      <ul className="space-y-4">
        {stored.map((item) => (
          <li key={item.name} className="rounded-lg border border-border bg-card/70 px-5 py-4">
            <p className="font-semibold break-words">
              <code className="font-sans">{item.name}</code>
            </p>
            <dl className="mt-2 space-y-1 text-base">
              <div>
                <dt className="inline font-semibold">Type: </dt>
                <dd className="inline">{item.kind}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Formål: </dt>
                <dd className="inline">{item.purpose}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Varighed: </dt>
                <dd className="inline">{item.lasts}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'andre',
    title: 'Indhold fra andre',
    body: (
      <p>
        Indeholder en mindeside en YouTube-video, indlæses den fra YouTubes privatlivsvenlige domæne (youtube-nocookie.com), og
        først når du selv trykker på den. Så kan YouTube sætte cookies efter sine egne regler.
      </p>
    ),
  },
  {
    id: 'samtykke',
    title: 'Sådan ændrer du dit samtykke',
    body: (
      <>
        <p>
          Dit samtykke gælder i {CONSENT_VALIDITY_MONTHS} måneder. Derefter spørger vi igen. Du kan når som helst ændre dit valg
          under »Cookie-indstillinger« nederst på hver side. Sletter du de gemte data for Mindested i din browser, spørger vi
          også igen, næste gang du kommer forbi. Et samtykke, du trækker tilbage, gælder fra det øjeblik.
        </p>
        <p>
          Vi registrerer dine valg, så vi kan dokumentere dem. Registreringen sletter vi efter {CONSENT_VALIDITY_MONTHS} måneder;
          den for de nødvendige cookies gemmer vi dog, så længe du har en konto. Læs mere i vores{' '}
          <TextLink to="/privacy">privatlivspolitik</TextLink>.
        </p>
      </>
    ),
  },
  {
    id: 'dataansvarlig',
    title: 'Dataansvarlig',
    body: (
      <>
        <p>Den dataansvarlige for cookies på Mindested er:</p>
        <DataController />
      </>
    ),
  },
];

export default function CookiesPage() {
  return (
    <LegalPage
      title="Cookie-politik"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          {controllerName()} bruger så få cookies som muligt. Her kan du se, hvilke vi bruger, hvorfor, og hvordan du bestemmer
          selv.
        </p>
      }
      sections={sections}
    />
  );
}
