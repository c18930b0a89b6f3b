/**
 * The field for a code from the authenticator app: digits on a phone's keyboard, filled in from an
 * SMS or the keychain where the device offers it (one-time-code), and read as one number.
 */
import type { ComponentProps } from 'react';
import { TextField } from '@/client/components/ui/text-field';

export const APP_CODE_PATTERN = /^\d{6}$/;
export const APP_CODE_HINT = 'De 6 cifre, appen viser lige nu. Koden skifter hvert 30. sekund.';

type CodeFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { label?: string };

export function AppCodeField({ label = 'Kode fra appen', ...props }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      hint={APP_CODE_HINT}
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={9}
      inputClassName="font-mono text-xl tracking-[0.3em]"
      {...props}
    />
  );
}

/** A typed code with the spaces a person may put in the middle taken out. */
export const compactCode = (typed: string) => typed.replace(/\s/g, '');
