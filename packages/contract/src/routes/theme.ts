import { type RouteTable, route } from '../call.ts';
import type { themeCalls } from '../theme.ts';

/** Methods and paths of the theme calls (decision 043); their schemas are `themeCalls`. */
type C = typeof themeCalls;

export const getTheme = route<C['getTheme']>('GET', '/api/frontend/theme');

export const themeRoutes = { getTheme } satisfies RouteTable<C>;
