import { Link } from 'react-router';
import { FREE_PLAN } from '../../../shared/plan-texts.ts';
import { buttonClass } from '../../components/ui/button.tsx';

/** The free plan's answer to « Inviter un membre » (docs/product/organisations.md: invitations need Premium). */
export function PremiumInvitationsNotice({ canUpgrade }: { canUpgrade: boolean }) {
  return (
    <div
      role="status"
      data-testid="invitations-premium"
      className="space-y-3 rounded-xl border border-orange-300 bg-orange-50 p-4 text-sm text-orange-900"
    >
      <p>
        <strong>Invitations réservées au plan Premium.</strong> Le plan gratuit compte {FREE_PLAN.members} : passez au
        Premium pour travailler en équipe, avec un rôle pour chacun.
      </p>
      {canUpgrade && (
        <Link to="/subscription" className={buttonClass('accent', 'sm')}>
          Passer au Premium
        </Link>
      )}
    </div>
  );
}
