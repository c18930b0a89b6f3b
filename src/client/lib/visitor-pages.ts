/**
 * The addresses of a memorial page. The server draws them only for visitors (src/server/app.ts):
 * a signed-in reader gets the app, which draws the page itself. So a memorial page the server drew
 * was drawn for someone nobody has signed in as.
 */
export const MEMORIAL_PAGE_PATH = /^\/(memorial|classic-memorial|enhanced-memorial)\/[^/]+$/;

/**
 * A family tree page, which the server draws for visitors too (src/server/family-tree/page-route.ts)
 * and the app takes over on the first touch, like a memorial page (docs/decisions/0032).
 */
export const FAMILY_TREE_PAGE_PATH = /^\/family-tree\/[^/]+$/;
