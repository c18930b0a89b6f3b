/** /gdpr-data-request's download of a person's own data (issue 26), by the address both sides use. */
export const PERSONAL_DATA_URL = '/api/gdpr/my-data.zip';
/** Downloads a person may start in a day: the file is made anew each time, from every table. */
export const PERSONAL_DATA_PER_DAY = 10;
