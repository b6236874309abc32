/** Other tabs hear about logins and logouts through this channel (the cookie poll is the fallback). */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('fh-auth');
export const authChannel = channel;
export const announce = (event: 'login' | 'logout') => channel?.postMessage(event);
