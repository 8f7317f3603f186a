import { ApiError, buildUrl, NETWORK_ERROR_MESSAGE } from './api-client';
import { readStorage, STORAGE_KEYS } from './storage';

/**
 * The one request that is not sent through fetch: a multipart upload whose progress the user
 * watches. fetch cannot report upload progress, XMLHttpRequest can (decision 030). The bearer
 * header, the 204 rule and the error shape are the same as api-client's, so callers can't tell
 * the transports apart.
 */
export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** 0-100, from the bytes sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function uploadRequest<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readStorage(STORAGE_KEYS.authToken);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      if (xhr.status === 204) {
        resolve({} as T);
        return;
      }
      const payload = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((payload ?? {}) as T);
        return;
      }
      const error = new ApiError(xhr.status, `HTTP ${xhr.status}: ${xhr.statusText}`, payload);
      const serverMessage = error.serverMessage;
      reject(serverMessage ? new ApiError(xhr.status, serverMessage, payload) : error);
    };
    // A dropped connection, a refused one or a blocked one: no HTTP reply at all.
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, null));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
