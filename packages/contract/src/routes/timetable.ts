import { type RouteTable, route } from '../call.ts';
import type { timetableCalls } from '../timetable.ts';

/** Methods and paths of the timetable calls (decision 043); their schemas are `timetableCalls`. */
type C = typeof timetableCalls;

export const getTimetable = route<C['getTimetable']>('GET', '/api/venues/:slug/sessions');
export const getSession = route<C['getSession']>('GET', '/api/sessions/:id');

export const timetableRoutes = { getTimetable, getSession } satisfies RouteTable<C>;
