/**
 * How the forms' fields for names and e-mail addresses behave on a phone: no capital letter added,
 * no autocorrect, no spell-check underlining a username or an address. Spread into a TextField
 * (or an input) with its own label and error.
 */
export const ACCOUNT_NAME_INPUT = { autoComplete: 'username', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** A new username: what it may contain, said before anyone gets it wrong. */
export const NEW_USERNAME_FIELD = { label: 'Brugernavn', hint: 'Mindst 2 tegn: bogstaver, tal, punktum, bindestreg eller understregning.', ...ACCOUNT_NAME_INPUT } as const;

/**
 * An e-mail address: the phone's keyboard with @, and the browser offers the person's own address
 * (a field for someone else's address, e.g. a family's, sets autoComplete="off" after it).
 */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false } as const;

/** The person's own e-mail address. */
export const EMAIL_FIELD = { label: 'E-mail', ...EMAIL_INPUT } as const;
