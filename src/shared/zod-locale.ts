/**
 * Danish messages for the checks our schemas do not word themselves (a missing field, a wrong
 * type). Zod's own Danish locale is written for developers ("forventede streng, fik undefined");
 * these are for the person filling in the form. Imported by every shared module that defines
 * schemas, so the messages hold wherever a schema is used (and zod stays out of pages that use none).
 */
import { z } from 'zod';

z.config({
  customError(issue) {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'Udfyld feltet.' : 'Feltet har en forkert værdi.';
      case 'too_small':
        return issue.origin === 'string' ? `Skal være mindst ${issue.minimum} tegn.` : `Skal være mindst ${issue.minimum}.`;
      case 'too_big':
        return issue.origin === 'string' ? `Må højst være ${issue.maximum} tegn.` : `Må højst være ${issue.maximum}.`;
      case 'invalid_format':
        return issue.format === 'email' ? 'Skriv en gyldig e-mailadresse.' : 'Feltet har et ugyldigt format.';
      case 'unrecognized_keys':
        return `Ukendt felt: ${issue.keys.join(', ')}.`;
      default:
        return 'Ugyldig værdi.';
    }
  },
});
