import { Section } from './Section';

const steps = [
  { title: 'QR-koden på stenen', text: 'Bedemanden eller stenhuggeren giver jer en QR-kode, der graveres i stenen eller sættes på som en lille plade.' },
  { title: 'Jeres konto', text: 'I opretter en konto med koden. Så hører stenen til familien, og ingen andre kan overtage den.' },
  { title: 'Mindesiden', text: 'I fylder siden med billeder, film, livshistorie og livslinje – i jeres eget tempo. Den, der scanner koden, kommer direkte ind på siden.' },
];

/** What a memorial stone with a QR code is, told before anything else. */
export function StoneSection() {
  return (
    <Section
      id="mindestenen"
      tone="card"
      eyebrow="Mindestenen"
      title="En mindesten, der kan fortælle mere"
      lead={
        <>
          <p>
            På stenen er der plads til et navn, to datoer og måske et vers. Men et liv er så meget mere. Med en diskret
            QR-kode bliver stenen en dør til hele fortællingen: billederne fra sommerhuset, historien om, hvordan de
            mødtes, sangen, der altid blev sunget til fødselsdage.
          </p>
          <p>
            Den, der står ved graven, peger telefonens kamera på koden, og mindesiden åbner med det samme. Der skal ikke
            hentes en app, og man behøver ikke logge ind for at besøge siden.
          </p>
        </>
      }
    >
      <ol className="mt-14 grid gap-10 sm:grid-cols-3 sm:gap-10">
        {steps.map((step, index) => (
          <li key={step.title}>
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full border border-gold/60 bg-gold-soft/60 font-serif text-xl text-gold-text"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-xl">{step.title}</h3>
            <p className="mt-2 text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
