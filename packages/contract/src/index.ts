export * from './auth.ts';
export * from './bookings.ts';
export * from './client.ts';
export * from './common.ts';
export * from './theme.ts';
export * from './venues.ts';
export * from './site-config.ts';
