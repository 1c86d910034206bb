/** Numbers typed in a form (src/shared/decimal.ts): « 0,25 » and « 0.25 » are read alike. */
export const numbersMessages = {
  notANumber: 'Saisissez un nombre, par exemple 0,25',
  notAWholeNumber: 'Saisissez un nombre entier, par exemple 4',
} as const;
