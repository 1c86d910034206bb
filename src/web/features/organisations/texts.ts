/** The organisation texts the e2e tests also read (e2e/team.spec.ts). */
export const accessLostTitle = (name: string) => `Vous ne faites plus partie de l’organisation «\u00a0${name}\u00a0»`;

export const switchedTo = (name: string) => `Vous travaillez maintenant dans «\u00a0${name}\u00a0»`;
