/** The base32 secret of an `otpauth://totp/…?secret=…` URI, for people who type it instead of scanning. */
export function totpSecretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** « JBSW Y3DP EHPK 3PXP »: groups of four are easier to copy by hand. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
