import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../lib/api.ts';
import { saveBlob } from '../../lib/save-file.ts';

/** GET /api/account/export (RGPD art. 20), saved under the name the server gives. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiFile('/api/account/export', 'nutricarte-export.json');
      saveBlob(blob, fileName);
    },
  });
}
