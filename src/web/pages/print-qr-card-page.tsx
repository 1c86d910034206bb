import { useParams } from 'react-router';
import { establishmentAddressLine } from '../../shared/establishment.ts';
import { Spinner } from '../components/ui/card.tsx';
import { useEstablishment } from '../features/establishments/api.ts';
import { useMenus } from '../features/menus/api.ts';
import { DocumentMessage, PrintDocument } from '../features/print/print-document.tsx';
import { TABLE_CARD_QR_SIZE, TableCard } from '../features/print/table-card.tsx';
import { useQrCodes } from '../features/qr/api.ts';
import { QrDrawing } from '../features/qr/qr-drawing.tsx';

const back = { to: '/qr-codes', label: 'Retour aux codes QR' };

/** /qr-codes/:id/carte: a table card with the code, printed on A6 (no app layout). */
export default function PrintQrCardPage() {
  const id = useParams().id ?? '';
  const qrCodes = useQrCodes();
  const menus = useMenus();
  const code = qrCodes.data?.find((candidate) => candidate.id === id);
  // The card is headed by the establishment of the code's menu (docs/product/organisations.md « Establishments »).
  const { establishment, isError: establishmentError } = useEstablishment(
    menus.data?.find((m) => m.id === code?.menu.id)?.establishmentId,
  );

  if (qrCodes.isError || menus.isError || establishmentError)
    return (
      <DocumentMessage
        title="Erreur lors du chargement des données"
        text="Vérifiez votre connexion, puis réessayez."
        back={back}
      />
    );
  if (!qrCodes.data || !qrCodes.isFetchedAfterMount) return <Spinner label="Chargement de la carte de table..." />;
  if (!code)
    return (
      <DocumentMessage
        title="Code QR non trouvé"
        text="Ce code QR n’existe pas ou n’appartient pas à votre organisation."
        back={back}
      />
    );
  if (!establishment) return <Spinner label="Chargement de la carte de table..." />;

  return (
    <PrintDocument
      paper="A6"
      title={`Carte de table - ${code.name}`}
      back={back}
      notice={
        code.status === 'inactive' && (
          <p role="alert" className="rounded-lg bg-orange-50 p-3 text-center text-sm text-orange-900">
            Ce code QR est désactivé : un client qui le scanne verra « Code QR non trouvé ou inactif ». Activez-le avant
            d’imprimer.
          </p>
        )
      }
    >
      <TableCard
        code={code}
        restaurantName={establishment.name}
        address={establishmentAddressLine(establishment)}
        drawing={
          <QrDrawing
            key={code.qrData}
            data={code.qrData}
            size={TABLE_CARD_QR_SIZE}
            type="svg"
            label={`Code QR du menu « ${code.menu.name} » : ${code.qrData}`}
          />
        }
      />
    </PrintDocument>
  );
}
