import { type RouteTable, route } from '../call.ts';
import type { timetableCalls } from '../timetable.ts';

/** Methods and paths of the timetable calls (decision 043); their schemas are `timetableCalls`. */
type C = typeof timetableCalls;

export const getTimetable = route<C['getTimetable']>('GET', '/api/venues/:slug/sessions');
export const getMyTimetable = route<C['getMyTimetable']>('GET', '/api/venues/:slug/sessions/mine');
export const getSession = route<C['getSession']>('GET', '/api/sessions/:id');

export const timetableRoutes = { getTimetable, getMyTimetable, getSession } satisfies RouteTable<C>;
