/** /terms: the agreement between Mindested and the people who use it. */
import { DataController, controllerName } from './DataController';
import { LEGAL_UPDATED, LegalPage, type LegalSection } from './LegalPage';
import { Bullets, TextLink } from './prose';

const sections: LegalSection[] = [
  {
    id: 'tjenesten',
    title: 'Om Mindested',
    body: (
      <>
        <p>
          Mindested er en tjeneste, hvor familier opretter digitale mindesider for en, de har mistet. En QR-kode på mindestenen
          eller på en plade ved graven åbner mindesiden på enhver telefon. Tjenesten leveres af:
        </p>
        <DataController />
        <p>Ved at oprette en konto eller bruge Mindested accepterer du disse vilkår.</p>
      </>
    ),
  },
  {
    id: 'konto',
    title: 'Konto kun med QR-kode',
    body: (
      <>
        <p>
          En konto oprettes med en QR-kode fra en bedemand, en stenhugger eller fra os, eller via en invitation fra en familie,
          der allerede har en mindeside. Koden knytter stenen til familiens konto, og den holder tjenesten fri for falske
          profiler og spam.
        </p>
        <Bullets>
          <li>Du skal være mindst 18 år for at oprette en konto.</li>
          <li>Du skal give rigtige oplysninger og passe på din adgangskode. Du er ansvarlig for det, der sker fra din konto.</li>
          <li>En QR-kode kan kun være knyttet til én konto ad gangen. Den, der har koden, bestemmer over den mindeside, koden fører til.</li>
        </Bullets>
      </>
    ),
  },
  {
    id: 'indhold',
    title: 'Indholdet på mindesiden',
    body: (
      <>
        <p>
          Det, I lægger på en mindeside, er jeres. I giver os lov til at gemme og vise det, så længe det er nødvendigt for at drive
          mindesiden. Vi bruger det ikke til andet.
        </p>
        <p>Den, der lægger indhold op, står inde for, at:</p>
        <Bullets>
          <li>vedkommende har ret til at bruge billeder, tekst, video og musik, også når andre har taget billedet eller skrevet teksten,</li>
          <li>indholdet ikke krænker andre, herunder afdødes efterladte, og ikke er ulovligt,</li>
          <li>oplysninger om nulevende personer kun deles med deres accept, når det er nødvendigt.</li>
        </Bullets>
        <p>Vi kan fjerne indhold, der åbenlyst strider mod loven eller disse vilkår, og vi giver besked, når vi gør det.</p>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Hilsner, lys og minder fra besøgende',
    body: (
      <>
        <p>
          Besøgende kan tænde lys, skrive i gæstebogen og dele minder. Intet bliver vist, før mindesidens administrator har
          godkendt det. Familien bestemmer selv, hvad der vises, og kan altid fjerne et indlæg igen.
        </p>
        <p>
          Skriver du på en mindeside, skal du vise respekt for den afdøde og de efterladte. Du står selv inde for det, du skriver.
        </p>
      </>
    ),
  },
  {
    id: 'gratis',
    title: 'Det er gratis',
    body: (
      <p>
        Det er gratis at besøge en mindeside, at tænde et lys og at skrive en hilsen – altid. En grundlæggende mindeside er også
        gratis. Der er ingen reklamer på Mindested, og vi tager aldrig betaling for at holde et minde tilgængeligt.
      </p>
    ),
  },
  {
    id: 'betaling',
    title: 'Betalte tilvalg og fortrydelsesret',
    body: (
      <>
        <p>
          Premium-abonnementer og tilkøb som QR-plader og animerede hilsner har de priser, der står på{' '}
          <TextLink to="/pricing">prissiden</TextLink>, i danske kroner inkl. 25 % moms. Betaling sker med kort eller MobilePay
          gennem Stripe.
        </p>
        <Bullets>
          <li>Et abonnement fornyes automatisk og kan opsiges når som helst til udgangen af den betalte periode.</li>
          <li>Stopper et abonnement, bliver mindesiden og alt indhold stående; kun Premium-funktionerne slås fra.</li>
          <li>
            Som forbruger har du 14 dages fortrydelsesret fra den dag, aftalen indgås, eller, for varer, fra den dag, du modtager
            dem. Skriv til os inden fristen.
          </li>
          <li>
            Beder du os om at levere digitalt indhold, fx en animeret hilsen, inden fristen er udløbet, bortfalder fortrydelsesretten,
            når leveringen er begyndt. Det gælder også en QR-plade, der er graveret særligt til jer.
          </li>
        </Bullets>
      </>
    ),
  },
  {
    id: 'tilgaengelighed',
    title: 'Tilgængelighed og eksport',
    body: (
      <>
        <p>
          En mindesten står i generationer, og det skal mindesiden også kunne. Vi gør vores bedste for, at Mindested altid er
          tilgængelig, men vi kan ikke love, at der aldrig er afbrydelser, fx ved vedligeholdelse.
        </p>
        <p>
          Familien kan til enhver tid hente hele mindesiden ned som en selvstændig hjemmeside med billeder, videoer og gæstebog,
          der kan åbnes uden internet i enhver browser. Skulle Mindested en dag lukke, giver vi besked i god tid, så I kan hente
          jeres mindeside, og vi sørger så vidt muligt for, at QR-koderne kan overtages af en anden.
        </p>
      </>
    ),
  },
  {
    id: 'opsigelse',
    title: 'Opsigelse og sletning',
    body: (
      <p>
        Du kan slette din konto når som helst. Er du eneste administrator af en mindeside, beder vi dig først om at give den videre
        til en anden i familien eller hente den ned. Misbruger nogen tjenesten groft, kan vi lukke kontoen efter at have givet
        besked.
      </p>
    ),
  },
  {
    id: 'ansvar',
    title: 'Ansvar',
    body: (
      <p>
        Vi er ansvarlige efter dansk rets almindelige regler. Vi er ikke ansvarlige for indhold, som brugere lægger op, eller for
        indirekte tab. Intet i disse vilkår begrænser dine rettigheder som forbruger.
      </p>
    ),
  },
  {
    id: 'lovvalg',
    title: 'Lovvalg og tvister',
    body: (
      <>
        <p>
          Vilkårene følger dansk ret. Er du utilfreds, så skriv til os, så finder vi som regel en løsning. Som forbruger kan du også
          klage til Nævnenes Hus via forbrug.dk eller bruge EU-Kommissionens klageportal for onlinekøb.
        </p>
        <p>En eventuel retssag føres ved den danske domstol, hvor du som forbruger har hjemting.</p>
      </>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Vilkår og betingelser"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          Disse vilkår gælder, når du bruger Mindested, som drives af {controllerName()}. Vi har skrevet dem så enkelt, vi kan. Læs
          også vores <TextLink to="/privacy">privatlivspolitik</TextLink>.
        </p>
      }
      sections={sections}
    />
  );
}
