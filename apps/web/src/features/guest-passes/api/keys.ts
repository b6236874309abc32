export const base = (userId: number) => `v1/users/${userId}/guestPasses`;
