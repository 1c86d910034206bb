import { saveBlob } from '../../lib/save-file.ts';
import { Button } from '../../components/ui/button.tsx';
import { copyText } from './copy-text.ts';

const BACKUP_CODES_FILE = 'nutricarte-codes-de-secours.txt';

const asText = (codes: string[]) =>
  `Codes de secours NutriCarte\nChacun permet une seule connexion si vous n’avez plus votre application d’authentification.\n\n${codes.join('\n')}\n`;

/** The backup codes, shown once, with « Copier » and « Télécharger ». */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-3">
      <ul data-testid="backup-codes" className="grid grid-cols-2 gap-2 rounded-lg bg-stone-50 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copyText(codes.join('\n'), 'Codes de secours copiés')}
        >
          Copier
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => saveBlob(new Blob([asText(codes)], { type: 'text/plain;charset=utf-8' }), BACKUP_CODES_FILE)}
        >
          Télécharger
        </Button>
      </div>
    </div>
  );
}
