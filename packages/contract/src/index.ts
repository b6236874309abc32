export * from './auth.ts';
export * from './bookings.ts';
export * from './client.ts';
export * from './common.ts';
export * from './site-config.ts';
export * from './system.ts';
export * from './theme.ts';
export * from './venues.ts';
