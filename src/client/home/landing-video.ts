/** The short film about Mindested that the landing page's "Se video" plays (and the tests expect). */
export const LANDING_VIDEO_URL = 'https://www.youtube.com/watch?v=Qm3LgV7xC2s';
export const LANDING_VIDEO_TITLE = 'Sådan virker Mindested';
