import { toast } from '@/client/lib/toast';
import { saveConsent, type ConsentChoices } from './consent-store';

/** Saves from the banner or the dialog and tells the visitor how it went (SPEC.md §8). */
export async function saveChoices(choices: ConsentChoices): Promise<boolean> {
  try {
    await saveConsent(choices);
    toast({ title: 'Indstillinger gemt', description: 'Dine valg om cookies er gemt. Du kan altid ændre dem nederst på siden.' });
    return true;
  } catch (error) {
    console.warn('Cookie-valg kunne ikke gemmes', error);
    toast({ variant: 'destructive', title: 'Fejl', description: 'Dine valg kunne ikke gemmes. Tjek din forbindelse, og prøv igen.' });
    return false;
  }
}
