/** '******78': only the last two digits of the account number are shown. */
export const maskAccountNumber = (accountNumber: string): string => {
  const digits = accountNumber.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
};
