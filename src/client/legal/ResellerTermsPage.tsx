/**
 * /reseller-terms: the terms a funeral home or stone dealer accepts when applying (PRODUCT.md
 * "Resellers"). Its date is RESELLER_TERMS_VERSION, the version every application records: the
 * page cannot say one date while the records say another, and it changes apart from /terms.
 */
import { RESELLER_TERMS_VERSION } from '@/shared/resellers';
import { DataController, controllerName } from './DataController';
import { LegalPage, type LegalSection } from './LegalPage';

/** "2026-11-28" → "28. november 2026", read at noon UTC so that no time zone moves the day. */
const TERMS_DATE = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${RESELLER_TERMS_VERSION}T12:00:00Z`));
import { Bullets, TextLink } from './prose';

const sections: LegalSection[] = [
  {
    id: 'parter',
    title: 'Parterne',
    body: (
      <>
        <p>Vilkårene gælder mellem forhandleren og:</p>
        <DataController />
        <p>
          En forhandler er en virksomhed – typisk en bedemand eller en stenhugger – der sælger eller giver QR-koder til Mindested
          videre til familier.
        </p>
      </>
    ),
  },
  {
    id: 'ansoegning',
    title: 'Ansøgning og godkendelse',
    body: (
      <>
        <p>
          Man ansøger om at blive forhandler på <TextLink to="/reseller-register">forhandlersiden</TextLink> med virksomhedens navn,
          CVR-nummer, kontaktperson og adresse. Virksomheden skal være registreret i CVR-registret.
        </p>
        <p>
          Vi gennemgår ansøgningen og svarer normalt inden for fem hverdage. Vi kan afslå en ansøgning uden begrundelse. Når
          ansøgningen er godkendt, får forhandleren adgang til sit forhandleroverblik.
        </p>
      </>
    ),
  },
  {
    id: 'pakker',
    title: 'QR-pakker og priser',
    body: (
      <>
        <p>
          Forhandleren køber QR-koder i pakker til engrospris efter den prisliste, der gælder på bestillingstidspunktet. Koderne
          leveres som tryk, plader eller filer til lasergravering, efter hvad der er aftalt.
        </p>
        <Bullets>
          <li>Hver kode er unik og kan kun bruges til én mindesten.</li>
          <li>Forhandleren fastsætter selv sin udsalgspris over for familien.</li>
          <li>
            En beskadiget eller bortkommet kode erstatter vi, når forhandleren giver os besked med kodens nummer via{' '}
            <TextLink to="/contact">kontaktsiden</TextLink> eller på e-mail. Den gamle kode kasserer vi, så ingen kan tage den i brug.
          </li>
        </Bullets>
      </>
    ),
  },
  {
    id: 'betaling',
    title: 'Betaling',
    body: (
      <p>
        Pakker faktureres ved levering. Betalingsfristen er 14 dage netto. Ved for sen betaling kan vi opkræve rente efter
        renteloven og et kompensationsbeløb, og vi kan sætte nye leveringer i bero, til fakturaen er betalt. Alle priser er
        oplyst ekskl. moms, medmindre andet står.
      </p>
    ),
  },
  {
    id: 'familierne',
    title: 'Ansvar over for familierne',
    body: (
      <>
        <p>Forhandleren er familiens første kontakt og skal:</p>
        <Bullets>
          <li>give hver kode videre til den rette familie og registrere det i overblikket,</li>
          <li>opbevare koder, der endnu ikke er givet videre, så uvedkommende ikke kan tage dem i brug,</li>
          <li>fortælle familien, at det er gratis at besøge mindesiden, tænde lys og skrive hilsner,</li>
          <li>ikke love noget på Mindesteds vegne, som ikke står i vores vilkår.</li>
        </Bullets>
        <p>
          Når en kode gives videre i overblikket med familiens e-mailadresse, sender vi familien et link, så de kan oprette deres
          konto; uden e-mail printer forhandleren et brev til familien. Familien ejer mindesiden og dens indhold; forhandleren har
          ikke adgang til den, medmindre familien inviterer dem.
        </p>
      </>
    ),
  },
  {
    id: 'partnere',
    title: 'Henvisning af andre forhandlere',
    body: (
      <p>
        Henviser en forhandler en anden virksomhed, som bliver godkendt som forhandler, får den henvisende forhandler provision af
        den nye forhandlers køb af QR-pakker efter den sats, der står i forhandleroverblikket. Provisionen opgøres hvert kvartal og
        modregnes i næste faktura eller udbetales.
      </p>
    ),
  },
  {
    id: 'persondata',
    title: 'Persondata',
    body: (
      <p>
        Forhandleren er selv dataansvarlig for sine egne kundeoplysninger. {controllerName()} er dataansvarlig for konti og
        mindesider på Mindested. Forhandleren må kun bruge de oplysninger, der ses i overblikket, til at betjene familien. Se også
        vores <TextLink to="/privacy">privatlivspolitik</TextLink>.
      </p>
    ),
  },
  {
    id: 'navn',
    title: 'Brug af navn og materiale',
    body: (
      <p>
        Forhandleren må bruge Mindesteds navn, logo og vores salgsmateriale til at fortælle om tjenesten, så længe aftalen løber.
        Materialet må ikke ændres, så det giver et forkert billede af tjenesten.
      </p>
    ),
  },
  {
    id: 'opsigelse',
    title: 'Opsigelse',
    body: (
      <>
        <p>
          Begge parter kan opsige aftalen med en måneds varsel til udgangen af en måned. Misligholder en part aftalen væsentligt,
          fx ved manglende betaling eller misbrug af koder, kan den anden part ophæve den straks.
        </p>
        <p>
          Koder, der allerede er givet til familier, virker fortsat efter opsigelsen – en mindesten skal ikke miste sin mindeside,
          fordi en aftale ophører. Ubrugte koder kan vi spærre.
        </p>
      </>
    ),
  },
  {
    id: 'lovvalg',
    title: 'Lovvalg og værneting',
    body: <p>Aftalen følger dansk ret. Tvister, som ikke kan løses i mindelighed, afgøres ved Københavns Byret som første instans.</p>,
  },
];

export default function ResellerTermsPage() {
  return (
    <LegalPage
      title="Forhandlervilkår"
      updated={TERMS_DATE}
      intro={
        <p>
          Disse vilkår gælder for bedemænd, stenhuggere og andre virksomheder, der sælger QR-koder til Mindested. De accepteres, når
          man <TextLink to="/reseller-register">ansøger om at blive forhandler</TextLink>.
        </p>
      }
      sections={sections}
    />
  );
}
