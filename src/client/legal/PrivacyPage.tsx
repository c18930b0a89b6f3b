/** /privacy: what Mindested knows about people, why, for how long, and what they may ask (GDPR art. 13). */
import { CONSENT_VALIDITY_MONTHS } from '@/shared/consent';
import { RESTORE_DAYS } from '@/shared/memorials';
import { DataController, controllerName } from './DataController';
import { LegalPage, PRIVACY_UPDATED, type LegalSection } from './LegalPage';
import { Bullets, Purpose, TextLink, proseLinkClass } from './prose';

const sections: LegalSection[] = [
  {
    id: 'dataansvarlig',
    title: 'Hvem er dataansvarlig',
    body: (
      <>
        <p>Den dataansvarlige for de oplysninger, der behandles på Mindested, er:</p>
        <DataController />
        <p>Skriv til os, hvis du har spørgsmål til, hvordan vi behandler oplysninger om dig.</p>
      </>
    ),
  },
  {
    id: 'oplysninger',
    title: 'Hvilke oplysninger vi behandler, og hvorfor',
    body: (
      <>
        <p>Vi indsamler kun de oplysninger, der skal til for at Mindested virker. Vi sælger aldrig oplysninger, og vi viser ikke reklamer.</p>
        <Purpose
          title="Din konto"
          what="navn, brugernavn, e-mailadresse, din adgangskode (kun som en krypteret hash, som ingen kan læse) og de QR-koder, der er knyttet til kontoen."
          why="så du kan logge ind, oprette og redigere mindesider og få besked om nye hilsner."
          basis="aftalen med dig, databeskyttelsesforordningens artikel 6, stk. 1, litra b."
        />
        <Purpose
          title="Mindesidens indhold"
          what="det, familien lægger på mindesiden: navn, datoer, livshistorie, billeder, video, musik, stamtræ og gravsted. Billeder renses for GPS-position og andre skjulte oplysninger, når de lægges op."
          why="for at vise mindesiden til dem, familien ønsker det – alle, kun dem med QR-koden eller linket, eller kun inviterede."
          basis="aftalen med den, der har oprettet mindesiden (artikel 6, stk. 1, litra b). Oplysninger om nulevende familiemedlemmer behandles på grundlag af vores og familiens legitime interesse i at mindes (litra f)."
        />
        <Purpose
          title="Hilsner, lys og minder fra besøgende"
          what="det navn, du skriver, din tekst og eventuelt et billede. Vi gemmer ikke din IP-adresse sammen med indlægget."
          why="for at vise din hilsen på mindesiden, når familien har godkendt den, og for at give familien besked om den."
          basis="vores legitime interesse i at vise det, du selv har bedt os vise (artikel 6, stk. 1, litra f)."
        />
        <Purpose
          title="Scanninger af QR-koder"
          what="hvilken kode der er scannet og hvornår. Vi registrerer ikke, hvem der scanner."
          why="for at sende den, der scanner, til den rigtige mindeside og for at opdage misbrug af koder."
          basis="legitim interesse (artikel 6, stk. 1, litra f)."
        />
        <Purpose
          title="Beskeder til os"
          what="navn, e-mailadresse, emne og besked fra kontaktformularen og vores svar."
          why="for at kunne svare dig og hjælpe, hvis du skriver igen."
          basis="legitim interesse i at besvare henvendelser (artikel 6, stk. 1, litra f), og aftalen med dig, når henvendelsen handler om den (litra b)."
        />
        <Purpose
          title="Dine valg om cookies"
          what="hvilke formål du har sagt ja eller nej til, og hvornår."
          why="for at kunne dokumentere dit samtykke og respektere dit valg."
          basis="vores retlige forpligtelse til at kunne påvise samtykke (artikel 6, stk. 1, litra c, og artikel 7, stk. 1)."
        />
        <Purpose
          title="Køb og betalinger"
          what="hvad du har købt, pris, fakturaoplysninger og betalingsstatus. Kortoplysninger håndteres af Stripe; vi ser dem aldrig."
          why="for at levere det, du har købt, og for at overholde bogføringsloven."
          basis="aftalen med dig (artikel 6, stk. 1, litra b) og vores retlige forpligtelse (litra c)."
        />
        <Purpose
          title="Animerede hilsner og sange med AI"
          what="det billede, den hilsen, de oplysninger fra mindesiden og den sangtekst, I selv vælger, når I laver en hilsen eller en sang, og jeres bekræftelse af, at I må bruge billedet."
          why="for at lave hilsenen eller sangen og vise den på mindesiden, når I vælger det."
          basis="aftalen med jer (artikel 6, stk. 1, litra b)."
        />
        <p>
          Når du tænder et lys eller skriver en hilsen, bruger vi din IP-adresse i kort tid til at begrænse spam og misbrug. Den
          gemmes ikke sammen med det, du skriver, og slettes, når begrænsningens tidsvindue udløber.
        </p>
      </>
    ),
  },
  {
    id: 'opbevaring',
    title: 'Hvor længe vi gemmer oplysningerne',
    body: (
      <Bullets>
        <li>Kontooplysninger: så længe du har en konto. Sletter du den, sletter eller anonymiserer vi alt, der knytter sig til dig.</li>
        <li>
          Mindesider: så længe familien ønsker det. Familien kan til enhver tid hente hele mindesiden ned eller slette den. En
          slettet mindeside kan gendannes i {RESTORE_DAYS} dage; derefter sletter vi den for altid inden for et døgn, med
          billeder, videoer, hilsner, lys og minder. En QR-kode på gravstenen bliver hos familien, som kan knytte den til en ny
          mindeside.
        </li>
        <li>
          Hilsner, lys og minder: så længe de står på mindesiden, eller familien har skjult dem, så de kan vises igen. Afviser
          familien et indlæg, slettes et billede med det samme og resten inden for et døgn.
        </li>
        <li>
          Stamtræer: så længe de står på mindesiden. En person, som familien fjerner fra stamtræet, kan sættes ind igen i{' '}
          {RESTORE_DAYS} dage; derefter sletter vi personen for altid inden for et døgn, med billede.
        </li>
        <li>
          Animerede hilsner og sange: så længe familien beholder dem. Sletter familien en hilsen eller en sang, sletter vi filen
          med det samme; resten følger mindesiden.
        </li>
        <li>IP-adresser til begrænsning af misbrug: kun så længe begrænsningen gælder, typisk under en time.</li>
        <li>Beskeder til os: 2 år efter din seneste henvendelse, så vi kan se sammenhængen, hvis du skriver igen. Derefter sletter vi dem alle.</li>
        <li>
          Samtykker til valgfrie cookies: {CONSENT_VALIDITY_MONTHS} måneder, derefter spørger vi igen og sletter registreringen.
          Registreringen af de nødvendige cookies gemmes, så længe kontoen findes; uden konto i {CONSENT_VALIDITY_MONTHS} måneder.
        </li>
        <li>Login: din session udløber efter 30 dage, eller når du logger ud, og slettes derefter inden for et døgn.</li>
        <li>Regnskabsmateriale: 5 år fra udgangen af regnskabsåret, som bogføringsloven kræver.</li>
      </Bullets>
    ),
  },
  {
    id: 'modtagere',
    title: 'Hvem vi deler oplysninger med',
    body: (
      <>
        <p>Vi bruger nogle få leverandører, der behandler oplysninger på vores vegne og efter vores instrukser (databehandlere):</p>
        <Bullets>
          <li>Hosting: vores servere og sikkerhedskopier ligger hos en udbyder i EU.</li>
          <li>E-mail: en udbyder, der sender vores e-mails, fx kvitteringer og besked om nye hilsner.</li>
          <li>
            Betalinger: Stripe, når du køber noget. Stripe er selvstændigt dataansvarlig for selve betalingen og kan overføre
            oplysninger til USA under EU-U.S. Data Privacy Framework eller EU&apos;s standardkontraktbestemmelser.
          </li>
          <li>
            AI: når I laver en animeret hilsen eller en sang, sender vi det, I har valgt til den (billedet, teksten, oplysningerne),
            til den udbyder, der laver den. Udbyderen behandler det på vores vegne og kun for at lave hilsenen eller sangen.
          </li>
        </Bullets>
        <p>
          Har du fået din QR-kode gennem en bedemand eller stenhugger, kan forhandleren se, om koden er taget i brug, men ikke
          hvad der står på mindesiden, medmindre den er offentlig. Vi udleverer ellers kun oplysninger, hvis loven kræver det.
        </p>
      </>
    ),
  },
  {
    id: 'rettigheder',
    title: 'Dine rettigheder',
    body: (
      <>
        <p>Efter databeskyttelsesforordningen har du ret til:</p>
        <Bullets>
          <li>indsigt i de oplysninger, vi har om dig,</li>
          <li>berigtigelse af forkerte oplysninger,</li>
          <li>sletning af oplysninger om dig,</li>
          <li>begrænsning af behandlingen,</li>
          <li>dataportabilitet: at få dine oplysninger i et maskinlæsbart format,</li>
          <li>indsigelse mod behandling, der sker på grundlag af vores legitime interesse,</li>
          <li>at trække et samtykke tilbage. Det påvirker ikke det, der skete, før du trak det tilbage.</li>
        </Bullets>
        <p>
          Du kan hente dine oplysninger eller bede om sletning på siden{' '}
          <TextLink to="/gdpr-data-request">Anmodning om dine data</TextLink>, eller du kan skrive til os. Vi svarer senest inden
          for en måned.
        </p>
        <p>
          Er du utilfreds med, hvordan vi behandler dine oplysninger, kan du klage til Datatilsynet, Carl Jacobsens Vej 35, 2500
          Valby,{' '}
          <a href="https://www.datatilsynet.dk" className={proseLinkClass}>
            datatilsynet.dk
          </a>
          . Vi vil gerne høre fra dig først, så vi kan prøve at løse det.
        </p>
      </>
    ),
  },
  {
    id: 'sikkerhed',
    title: 'Sådan passer vi på oplysningerne',
    body: (
      <p>
        Al trafik til Mindested er krypteret. Adgangskoder gemmes kun som en hash, som heller ikke vi kan læse. Billeder renses for
        skjulte oplysninger som GPS-position, og private mindesider kan kun ses af dem, familien har inviteret. Vi tager
        sikkerhedskopier og afprøver jævnligt, at de kan genskabes.
      </p>
    ),
  },
  {
    id: 'aendringer',
    title: 'Ændringer i politikken',
    body: (
      <p>
        Ændrer vi noget væsentligt i denne politik, skriver vi det her og opdaterer datoen øverst. Har du en konto, giver vi dig
        også besked på e-mail. Se også vores <TextLink to="/cookies">cookie-politik</TextLink> og{' '}
        <TextLink to="/terms">vilkår og betingelser</TextLink>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privatlivspolitik"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          Mindested handler om minder, og minder er personlige. Her kan du læse, hvilke oplysninger {controllerName()} behandler,
          når du besøger en mindeside, skriver en hilsen eller opretter en konto – og hvilke rettigheder du har.
        </p>
      }
      sections={sections}
    />
  );
}
