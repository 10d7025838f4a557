import { ApiError, isErrorEnvelope, NO_ANSWER, sessionHeader } from '../../../lib/api-client';

/**
 * A multipart POST to the API with upload progress, which `fetch` cannot report. Like
 * `apiRequest` it sends the session (cookie, or the Mini App's header) and turns an error answer into an `ApiError`.
 * `onProgress` gets the share sent so far, 0 to 1.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (sent: number) => void): Promise<T> {
  const session = await sessionHeader();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(session)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const payload: unknown = request.response;
      if (request.status >= 200 && request.status < 300) resolve(payload as T);
      else reject(new ApiError(request.status, isErrorEnvelope(payload) ? payload : undefined));
    };
    // The connection broke: no answer, which the error says ('offline').
    request.onerror = () => reject(new ApiError(NO_ANSWER, undefined));
    request.send(form);
  });
}
