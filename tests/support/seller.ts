/**
 * A made-up seller (a CVR that passes modulus 11) and bank account for an API test's app: without
 * them no invoice is issued (decision 0025: "not set up is said, not guessed"). The browser
 * journeys have their own in e2e-money.ts.
 */
export const SELLER_ENV = {
  DATA_CONTROLLER_NAME: 'Mindested ApS',
  DATA_CONTROLLER_ADDRESS: 'Mindevej 1, 8000 Aarhus C',
  DATA_CONTROLLER_CVR: '12345674',
  BANK_REG_NUMBER: '1234',
  BANK_ACCOUNT_NUMBER: '0012345678',
  BANK_IBAN: 'DK5012340012345678',
};
