export * from './jobs';
export * from './qr';
export * from './rate-limits';
export * from './users';
