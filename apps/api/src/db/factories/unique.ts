let counter = 0;

/** A short value no other call in this process returns (for slugs, emails and references factories make up). */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
