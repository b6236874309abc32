/** Download link of the order's calendar file (text/calendar). */
export const calendarHref = (orderId: number): string => `/api/orders/${orderId}/calendar.ics`;
