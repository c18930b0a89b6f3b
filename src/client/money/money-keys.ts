/** The money calls' query keys (their API paths, as query-client.ts expects), shared by the pages that read and change them. */
export const catalogueKey = ['/api/catalogue'] as const;
export const premiumStatusKey = ['/api/user/premium-status'] as const;
export const ordersKey = ['/api/orders'] as const;
export const orderKey = (id: string) => [`/api/orders/${id}`] as const;
export const invoiceKey = (id: string) => [`/api/invoices/${id}`] as const;
export const checkoutKey = (sessionId: string) => [`/api/checkout/${encodeURIComponent(sessionId)}`] as const;
