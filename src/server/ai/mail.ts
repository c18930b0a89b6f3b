/** The family's e-mail when a greeting or a song is made, or could not be made (they may have left the page). */
import { AI_FAILED_FOR_FAMILY } from '../../shared/ai';
import { letter } from '../auth/mail';
import type { Config } from '../config';
import type { MailMessage } from '../lib/mail';
import type { GenerationRow } from '../db/schema';

const WORDS = {
  greeting: { made: 'Den animerede hilsen', page: 'greeting', button: 'Se hilsenen' },
  song: { made: 'Sangen', page: 'song', button: 'Hør sangen' },
} as const;

export function tryFinishedMail(
  config: Config,
  row: Pick<GenerationRow, 'kind' | 'status'>,
  person: { email: string; name: string },
  memorial: { id: string; name: string },
): MailMessage {
  const words = WORDS[row.kind === 'greeting' ? 'greeting' : 'song'];
  const made = row.status === 'succeeded';
  return letter({
    to: person.email,
    subject: made ? `${words.made} til ${memorial.name} er klar` : `${words.made} til ${memorial.name} blev ikke lavet`,
    name: person.name,
    before: made
      ? [`${words.made} til mindesiden for ${memorial.name} er klar.`, 'Kun I kan se den, indtil I vælger at vise den på mindesiden.']
      : [`${words.made} til mindesiden for ${memorial.name} kunne ikke laves.`, AI_FAILED_FOR_FAMILY],
    button: { text: words.button, link: `${config.BASE_URL}/memorial/${memorial.id}/${words.page}` },
    after: `Har du spørgsmål, så skriv til ${config.CONTACT_EMAIL}.`,
  });
}
