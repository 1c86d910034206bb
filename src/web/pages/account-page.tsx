import { Suspense } from 'react';
import { DeleteAccountCard } from '../features/account/delete-account-card.tsx';
import { EmailCard } from '../features/account/email-card.tsx';
import { ExportCard } from '../features/account/export-card.tsx';
import { PasswordCard } from '../features/account/password-card.tsx';
import { SessionsCard } from '../features/account/sessions-card.tsx';
import { TwoFactorCard } from '../features/account/two-factor-card.tsx';
import { useEmailLinkReturn } from '../features/account/use-email-link-return.ts';
import { useMe, usePublicConfig } from '../lib/queries.ts';
import { lazyComponent } from '../lib/lazy-component.ts';

const TOTP_QR_SIZE = 200;

// Drawn only while enrolling a phone (two-factor-card.tsx), which loads its own code on demand.
const { Component: QrDrawing } = lazyComponent(
  () => import('../features/qr/qr-drawing.tsx'),
  (m) => m.QrDrawing,
);

/** Features do not import each other: the page lends the QR drawing of features/qr to the enrolment. */
const renderTotpQr = (data: string) => (
  <Suspense fallback={<div style={{ width: TOTP_QR_SIZE, height: TOTP_QR_SIZE }} />}>
    <QrDrawing
      key={data}
      data={data}
      size={TOTP_QR_SIZE}
      type="svg"
      label="Code QR à scanner avec votre application d’authentification"
    />
  </Suspense>
);

/**
 * « Mon compte »: e-mail, password, two-factor, sessions, data export and deletion (issue 10).
 * The establishment card of issue 15 moved to « Établissements » (issue 16).
 */
function AccountPageContent() {
  const { data: me } = useMe();
  const { data: config } = usePublicConfig();
  const emailLinkError = useEmailLinkReturn();
  // The layout's guard renders the page only with an account.
  if (!me) return null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">Mon compte</h1>
        <p className="text-sm text-stone-600">Vos identifiants, la sécurité de votre compte et vos données.</p>
      </div>
      <EmailCard
        email={me.user.email}
        confirmationRequired={config?.emailConfirmationRequired ?? false}
        linkError={emailLinkError}
      />
      <PasswordCard />
      <TwoFactorCard enabled={me.user.twoFactorEnabled} renderQr={renderTotpQr} />
      <SessionsCard />
      <ExportCard />
      <DeleteAccountCard />
    </div>
  );
}

/** The page under its own title (RGAA 8.6). */
export default function AccountPage() {
  return (
    <>
      <title>Mon compte – NutriCarte</title>
      <AccountPageContent />
    </>
  );
}
