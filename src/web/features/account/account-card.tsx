import { TitledCard } from '../../components/ui/titled-card.tsx';

/** One section of « Mon compte » (src/web/components/ui/titled-card.tsx). */
export const AccountCard = TitledCard;
