/**
 * How the account forms' name fields behave on a phone: no capital letter added, no autocorrect,
 * no spell-check underlining a username. Spread into a TextField with its own label and error.
 */
export const ACCOUNT_NAME_INPUT = { autoComplete: 'username', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** A new username: what it may contain, said before anyone gets it wrong. */
export const NEW_USERNAME_FIELD = { label: 'Brugernavn', hint: 'Mindst 2 tegn: bogstaver, tal, punktum, bindestreg eller understregning.', ...ACCOUNT_NAME_INPUT } as const;
