import { type RouteTable, route } from '../call.ts';
import type { orderCalls } from '../checkout.ts';

/** Methods and paths of the orders calls (decision 043); their schemas are `orderCalls`. */
type C = typeof orderCalls;

export const listOrders = route<C['listOrders']>('GET', '/api/orders');
export const getOrder = route<C['getOrder']>('GET', '/api/orders/:orderId');
export const orderCalendar = route<C['orderCalendar']>('GET', '/api/orders/:orderId/calendar.ics');

export const orderRoutes = { listOrders, getOrder, orderCalendar } satisfies RouteTable<C>;
