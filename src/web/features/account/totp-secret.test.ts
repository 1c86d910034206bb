import { describe, expect, it } from 'vitest';
import { groupSecret, totpSecretOf } from './totp-secret.ts';

describe('TOTP secret', () => {
  it('is read from the otpauth URI', () => {
    expect(
      totpSecretOf(
        'otpauth://totp/NutriCarte:chef%40example.fr?secret=JBSWY3DPEHPK3PXP&issuer=NutriCarte&digits=6&period=30',
      ),
    ).toBe('JBSWY3DPEHPK3PXP');
    expect(totpSecretOf('not a uri')).toBeNull();
    expect(totpSecretOf('otpauth://totp/NutriCarte?issuer=NutriCarte')).toBeNull();
  });

  it('is shown in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPA')).toBe('JBSW Y3DP EHPK 3PXP A');
  });
});
