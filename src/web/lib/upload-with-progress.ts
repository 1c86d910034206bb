import { genericMessages } from '../../shared/messages/generic.ts';
import { ApiError, errorOf, parseJson } from './api.ts';

/**
 * POSTs a file as the raw body and reports the share sent (0 to 1): a supplier's file of
 * 10 000 rows takes a while on a kitchen's connection (fetch has no upload progress, XHR has).
 */
export function postFileWithProgress<T>(path: string, file: Blob, onProgress: (share: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', file.type || 'text/csv');
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(errorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, 'unavailable', genericMessages.unavailable));
    xhr.send(file);
  });
}
