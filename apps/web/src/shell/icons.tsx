export const BasketIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d="M3 6h18l-2 11H5L3 6Z" />
    <path d="M8 6l4-4 4 4" />
  </svg>
);

export const MenuIcon = () => (
  <svg
    aria-hidden="true"
    focusable="false"
    width="24"
    height="24"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
  >
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);
